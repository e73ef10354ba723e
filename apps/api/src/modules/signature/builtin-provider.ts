import { documentNameParams } from './document-name';
import type { Executor } from '@ouvrage/db';
import type { Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { recipientLanguage } from '../mail';
import { notify } from '../notifications';
import { findUsers } from '../users';
import * as repo from './documents-repository';
import { invitationMail } from './mails';
import type { SignatureProvider } from './providers';

/**
 * The built-in provider's sending (decision 0640): each signer gets a mail with a personal link
 * `/signature/{token}` (a random token, only its SHA-256 kept). The link opens the signing screen,
 * which asks the e-mail code before anything else; the link alone signs nothing.
 */
export const builtinProvider: SignatureProvider = {
  async send(deps, tx, doc, signers, options) {
    // The quote's client signs in the app (decision 0642): no link, no second mail.
    if (options?.notify === false) return { agreementId: null };
    // In the sending transaction: the invitations exist exactly when the document is sent.
    const owner = await ownerName(tx, doc.ownerId);
    for (const signer of signers) {
      if (signer.status === 'signed') continue;
      const token = newSecretToken();
      await repo.updateSigner(tx, signer.id, { accessTokenHash: hashToken(token) });
      const mail = (language: Language) => invitationMail(language, signer.name, owner, doc.title, signerLink(deps, token));
      // A signer with an account also sees it in the centre; the mail keeps the personal link.
      if (signer.userId) {
        await notify(tx, deps, {
          userId: signer.userId,
          kind: 'document_to_sign',
          params: { ...documentNameParams(doc), name: owner },
          link: '/document',
          mailUrl: signerLink(deps, token),
          localizedMail: mail,
        });
      } else await deps.mailer.queue(tx, { to: signer.email, ...mail(await recipientLanguage(tx, { email: signer.email })) });
    }
    return { agreementId: null };
  },
};

export const signerLink = (deps: AppDeps, token: string) => `${deps.config.publicUrl}/signature/${encodeURIComponent(token)}`;

/** The signer a link token names, with their document; undefined for an unknown or spent token. */
export async function findSignerByToken(
  db: Executor,
  token: string,
): Promise<{ signer: repo.SignatureSignerRow; document: repo.SignatureDocumentRow } | undefined> {
  const signer = await repo.findSignerByTokenHash(db, hashToken(token));
  if (!signer) return undefined;
  const document = await repo.findDocument(db, signer.documentId);
  return document ? { signer, document } : undefined;
}

async function ownerName(tx: Executor, userId: number): Promise<string> {
  const [user] = await findUsers(tx, [userId]);
  return user ? `${user.firstname} ${user.lastname}`.trim() : 'Ouvrage';
}
