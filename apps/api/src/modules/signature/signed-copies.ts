import { documentNameParams } from './document-name';
import type { Executor, MailAttachmentRef } from '@ouvrage/db';
import type { Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, FRAME, recipientLanguage, translate, type MailAttachment, type MailContent, type Texts } from '../mail';
import { notify } from '../notifications';
import * as repo from './documents-repository';
import { readSignedPdf } from './documents';

/**
 * Every signer gets the signed copy (issue 34 §6, decision 1070): a consumer's contract is handed
 * over on a durable medium (C. conso. L221-13), so each signer of a completed document is mailed
 * the sealed PDF itself, attached — produced at delivery from the stored signed original (checked
 * against its SHA-256), never re-rendered, never a link that expires. The mails are queued in the
 * completing transaction: they exist exactly when the document is signed, in each signer's
 * language. The owner (the architect) hears of the signature through their module's mail, which
 * attaches the same file.
 */

export const SIGNED_DOCUMENT_ATTACHMENT = 'signed-document';

/** The attachment reference of a signed document's PDF, for any mail about it. */
export const signedDocumentAttachment = (documentId: number): MailAttachmentRef[] => [{ kind: SIGNED_DOCUMENT_ATTACHMENT, ref: String(documentId) }];

/** The signed PDF a queued mail names, read when the mail goes out. */
export function signedDocumentResolver(deps: AppDeps) {
  return async (ref: string): Promise<MailAttachment> => {
    const doc = await repo.findDocument(deps.db, Number(ref));
    if (!doc) throw new Error(`Document signé ${ref} introuvable pour la pièce jointe`);
    const name = doc.fileName.replace(/\.pdf$/i, '');
    return { filename: `${name}-signe.pdf`, content: await readSignedPdf(deps, doc), contentType: 'application/pdf' };
  };
}

export function registerSignedCopyAttachment(deps: AppDeps): void {
  deps.mailer.registerAttachmentResolver(SIGNED_DOCUMENT_ATTACHMENT, signedDocumentResolver(deps));
}

/** The page where a signer with an account finds the document again (it needs a session, and does not expire). */
const documentsUrl = (deps: AppDeps) => `${deps.config.publicUrl}/document`;

const T = {
  subject: { fr: 'Votre exemplaire signé : {{title}}', en: 'Your signed copy: {{title}}', ar: 'نسختك الموقّعة: {{title}}' },
  signed: {
    fr: '« {{title}} » est signé électroniquement. Votre exemplaire signé, scellé et accompagné de son certificat de signature, est joint à cet e-mail : conservez-le.',
    en: '“{{title}}” has been signed electronically. Your signed copy, sealed and with its signature certificate, is attached to this e-mail: keep it.',
    ar: 'تم توقيع «{{title}}» إلكترونيًا. نسختك الموقّعة، مختومة ومعها شهادة التوقيع، مرفقة بهذه الرسالة: احتفظ بها.',
  },
  online: {
    fr: 'Il reste aussi disponible dans vos documents sur Ouvrage.',
    en: 'It also stays available in your documents on Ouvrage.',
    ar: 'ويبقى متاحًا أيضًا في مستنداتك على Ouvrage.',
  },
  open: { fr: 'Voir mes documents', en: 'View my documents', ar: 'عرض مستنداتي' },
} satisfies Record<string, Texts>;

/** To each signer: their signed copy attached, in their language (exported for the mail-languages test, decision 1031). */
export function signedCopyMail(language: Language, signerName: string, title: string, url: string): MailContent {
  return composeMail(
    translate(T.subject, language, { title }),
    [FRAME[language].hello(signerName.trim()), translate(T.signed, language, { title }), translate(T.online, language)],
    { label: translate(T.open, language), url },
    language,
  );
}

/**
 * Mail each signer their copy, in the completing transaction: a signer with an account through a
 * notification (legal kind `signed_copy`: always mailed, whatever their e-mail choices), one
 * without (a signer of an uploaded contract, known by address only) directly. The owner is left
 * to the module's own mail unless they signed too.
 */
export async function sendSignedCopies(deps: AppDeps, tx: Executor, doc: repo.SignatureDocumentRow, signers: repo.SignatureSignerRow[]): Promise<void> {
  const attachments = signedDocumentAttachment(doc.id);
  const seen = new Set<string>();
  for (const signer of signers) {
    const key = signer.userId ? `user:${signer.userId}` : `mail:${signer.email}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const url = documentsUrl(deps);
    if (signer.userId) {
      const localizedMail = (language: Language) => signedCopyMail(language, signer.name, doc.title, url);
      await notify(tx, deps, { userId: signer.userId, kind: 'signed_copy', params: documentNameParams(doc), link: '/document', localizedMail, attachments });
    } else {
      // Known by address only: their account's language if the address has one, else French.
      const language = await recipientLanguage(tx, { email: signer.email });
      await deps.mailer.queue(tx, { to: signer.email, ...signedCopyMail(language, signer.name, doc.title, url), attachments });
    }
  }
}
