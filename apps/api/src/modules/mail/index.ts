/** The mail module's public entry (docs/decisions/0450): the outbox mailer and the mail layout. */
export { Mailer, type AttachmentResolver, type MailAttachment, type OutgoingMail } from './mailer';
export { composeMail, escapeHtml, passwordResetMail, setPasswordMail, type InviteIntro, type MailContent } from './templates';
export { FRAME, formatDay, formatMoney, interpolate, LOCALES, recipientLanguage, translate, type MailParams, type Texts } from './languages';
export { findMail as findOutboxMail, listMails as listOutboxMails } from './repository';
