import type { Executor, MailAttachmentRef } from '@ouvrage/db';
import { quoteTransitionRefusal, todayInParis, type SignatureBox } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { quoteSignedMail } from './mails';
import { quotePdfWithBox } from './quote-pdf';
import { statusToday } from './quote-views';
import * as repo from './repository';
import { quoteUrl } from './send-quote';

/** What a quote's signature document is made of (decision 0640), read through this module's index. */
export interface QuoteSignatureSource {
  quoteId: number;
  issuerId: number;
  projectId: number;
  title: string;
  fileName: string;
  /** The quote's PDF as its issuer sees it today: the document the client reads and signs. */
  pdf: Buffer;
  /** Where the client's signature goes in `pdf` (« Bon pour accord »). */
  signatureBox: SignatureBox;
  client: { id: number; name: string; email: string };
}

/** Read from committed data, outside any transaction (rendering the PDF reads through `deps.db`). */
export async function quoteSignatureSource(deps: AppDeps, quoteId: number): Promise<QuoteSignatureSource> {
  const q = await repo.findQuote(deps.db, quoteId);
  if (!q) throw notFound('Ce devis est introuvable.');
  const [client] = await findUsers(deps.db, [q.clientId]);
  if (!client) throw notFound('Le client de ce devis est introuvable.');
  const { bytes, name, signatureBox } = await quotePdfWithBox(deps, q.id, { id: q.issuerId, user_type: 'architecte', is_validate: 'Validé' });
  return {
    quoteId: q.id,
    issuerId: q.issuerId,
    projectId: q.projectId,
    title: q.title,
    fileName: name,
    pdf: bytes,
    signatureBox,
    client: { id: client.id, name: `${client.firstname} ${client.lastname}`.trim(), email: client.email },
  };
}

/** Lock the quote until the caller's transaction ends (serialises concurrent signature steps). */
export async function lockQuoteForSignature(tx: Executor, quoteId: number): Promise<void> {
  if (!(await repo.lockQuote(tx, quoteId))) throw notFound('Ce devis est introuvable.');
}

/**
 * A completed e-signature moves the accepted quote to `Signé` (called by the signature module in
 * its completing transaction) and tells the issuer, the signed PDF attached (`signedPdf`, decision
 * 1070). Refused (409) when the quote is no longer accepted, e.g. cancelled meanwhile.
 */
export async function markQuoteSigned(deps: AppDeps, tx: Executor, quoteId: number, at: Date, signedPdf: MailAttachmentRef[] = []): Promise<void> {
  const q = await repo.lockQuote(tx, quoteId);
  if (!q) throw notFound('Ce devis est introuvable.');
  const refusal = quoteTransitionRefusal(statusToday(q, todayInParis(deps.clock)), 'sign');
  if (refusal) throw refused(refusal);
  const signed = await repo.updateQuote(tx, q.id, { status: 'Signé', signedAt: at, updatedAt: at });
  await repo.insertEvent(tx, { quoteId: q.id, actorId: q.clientId, action: 'signed', at });
  const [issuer, client] = await findUsers(tx, [q.issuerId, q.clientId]).then((users) => [
    users.find((u) => u.id === q.issuerId),
    users.find((u) => u.id === q.clientId),
  ]);
  const clientName = client ? `${client.firstname} ${client.lastname}`.trim() : 'Le client';
  if (issuer) {
    await notify(tx, deps, {
      userId: issuer.id,
      kind: 'document_signed',
      params: { title: `Devis ${q.number ?? ''}`.trim(), name: clientName },
      link: `/devis/${q.id}`,
      localizedMail: (language) => quoteSignedMail(language, signed, clientName, quoteUrl(deps, q.id)),
      attachments: signedPdf,
    });
  }
}
