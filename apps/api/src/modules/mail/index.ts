/** The mail module's public entry (docs/decisions/0450): the outbox mailer and the mail layout. */
export { Mailer, type AttachmentResolver, type MailAttachment, type OutgoingMail } from './mailer';
export { composeMail, escapeHtml, passwordResetMail, setPasswordMail, type MailContent } from './templates';
