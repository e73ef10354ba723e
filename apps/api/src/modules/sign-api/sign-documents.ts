import type { SignApiDocument, SignApiQuoteStatus } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { AppError, forbidden, notFound, refuse } from '../../lib/errors';
import type { AuthenticatedCaller } from '../../plugins/access-control';
import { AcrobatSignError, refreshAgreements } from '../acrobat-sign';
import { quoteHeadlines, quoteSigningFacts } from '../quotes';
import {
  ensureQuoteSignatureDocument,
  findSignatureDocument,
  listSignatureDocuments,
  readOriginalPdf,
  readSignedPdf,
  sendForSignature,
  signatureSignersOf,
  type SignatureDocumentRow,
} from '../signature';
import { documentView, quoteStatusView } from './document-views';

/** At most this many agreements are re-read from the provider for one status list (the poll does the rest). */
const REFRESH_LIMIT = 10;

async function withSigners(deps: AppDeps, doc: SignatureDocumentRow): Promise<SignApiDocument> {
  return documentView(doc, await signatureSignersOf(deps.db, doc.id));
}

/**
 * `create-document/{id}`: the accepted quote's signature document (one per quote: asking again
 * answers the same one). The status is read under the quote's lock; the document is then made by
 * the signature module outside any transaction (it renders the quote's PDF, decision 0640).
 */
export async function createQuoteDocument(deps: AppDeps, quoteId: number): Promise<SignApiDocument> {
  await deps.db.transaction(async (tx) => {
    const facts = await quoteSigningFacts(deps, tx, quoteId);
    if (!facts) throw notFound('Ce devis est introuvable.');
    if (facts.status !== 'Accepté')
      throw refuse('SIGN_QUOTE_NOT_ACCEPTED', `Ce devis est « ${facts.status} » : seul un devis accepté peut être signé.`, { status: facts.status });
  });
  return withSigners(deps, await ensureQuoteSignatureDocument(deps, quoteId));
}

/** `liste-document-sans-contrat`: the caller's documents not yet sent (no agreement); an admin's: all. */
export async function documentsWithoutAgreement(deps: AppDeps, caller: AuthenticatedCaller): Promise<SignApiDocument[]> {
  const admin = caller.user_type === 'admin';
  const docs = await listSignatureDocuments(deps.db, { statuses: ['draft'], userId: admin ? undefined : caller.id });
  // Owned, not merely to be signed: these are the documents the caller may send.
  return Promise.all(docs.filter((doc) => admin || doc.ownerId === caller.id).map((doc) => withSigners(deps, doc)));
}

/**
 * `store-document-agreement/{id}`: send the document through its provider, which links it to the
 * provider's agreement. Its owner or an admin only: a signer owns the document for reading, not
 * for sending. A provider that cannot be reached is a 503; nothing changed, the call can be repeated.
 */
export async function storeDocumentAgreement(deps: AppDeps, caller: AuthenticatedCaller, id: number): Promise<SignApiDocument> {
  const doc = await findSignatureDocument(deps.db, id);
  if (!doc) throw notFound('Ce document est introuvable.');
  if (caller.user_type !== 'admin' && doc.ownerId !== caller.id)
    throw forbidden('Seul l’auteur du document (ou un administrateur) peut l’envoyer pour signature.');
  try {
    return await withSigners(deps, await sendForSignature(deps, id));
  } catch (error) {
    if (error instanceof AcrobatSignError)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Le service de signature électronique ne répond pas. Le document n’a pas été envoyé ; réessayez dans quelques minutes.',
      );
    throw error;
  }
}

/**
 * `status-document-devis`: the signature of each quote the caller may see — a client his quotes,
 * an architect the ones he issued, an admin all — newest first. Documents out for signature with
 * Acrobat Sign are re-read from it first (a few per call), in case a notification is late.
 */
export async function quoteSignatureStatuses(deps: AppDeps, caller: AuthenticatedCaller): Promise<SignApiQuoteStatus[]> {
  const visible = async () => {
    const docs = (await listSignatureDocuments(deps.db, { kind: 'quote', userId: caller.user_type === 'admin' ? undefined : caller.id })).filter(
      (d) => d.quoteId !== null,
    );
    const quotes = await quoteHeadlines(
      deps.db,
      docs.map((d) => d.quoteId!),
    );
    return docs.flatMap((doc) => {
      const quote = quotes.get(doc.quoteId!);
      if (!quote) return [];
      const mine = caller.user_type === 'admin' || (caller.user_type === 'client' ? quote.clientId : quote.issuerId) === caller.id;
      return mine ? [{ doc, quote }] : [];
    });
  };
  let rows = await visible();
  const pending = rows.filter(({ doc }) => doc.provider === 'acrobat-sign' && doc.status === 'out_for_signature' && doc.agreementId);
  if (
    pending.length > 0 &&
    (await refreshAgreements(
      deps,
      pending.slice(0, REFRESH_LIMIT).map(({ doc }) => doc.agreementId!),
    ))
  )
    rows = await visible();
  return rows.map(({ doc, quote }) => quoteStatusView(doc, quote));
}

/**
 * The document's PDF for its owner, its signers and admins: the signed PDF as the provider made it
 * once signed (`-signe` added to its name), the original before.
 */
export async function documentPdf(deps: AppDeps, id: number): Promise<{ bytes: Buffer; name: string }> {
  const doc = await findSignatureDocument(deps.db, id);
  if (!doc) throw notFound('Ce document est introuvable.');
  if (doc.status !== 'signed') return { bytes: await readOriginalPdf(deps, doc), name: doc.fileName };
  return { bytes: await readSignedPdf(deps, doc), name: doc.fileName.replace(/(\.pdf)?$/i, '-signe.pdf') };
}
