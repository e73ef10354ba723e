import type { DgdDocument, DgdView, QuoteDgd } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { quoteInvoicingFacts, type QuoteInvoicingFacts } from '../quotes';
import { receptionOfQuote } from '../reception';
import * as repo from './repository';

export const dgdNotFound = () => notFound('Ce décompte général définitif est introuvable.');
export const quoteNotFound = () => notFound('Ce devis est introuvable.');

export const isIssuerSide = (caller: Caller, quote: Pick<QuoteInvoicingFacts, 'issuerId'>) => caller.user_type === 'admin' || caller.id === quote.issuerId;

export const documentOf = (row: repo.DgdRow) => row.document as unknown as DgdDocument;

export function dgdView(row: repo.DgdRow, caller: Caller): DgdView {
  return {
    id: row.id,
    quote_id: row.quoteId,
    number: row.number,
    status: row.status,
    issued_at: row.issuedAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    disputed_at: row.disputedAt?.toISOString() ?? null,
    dispute_reason: row.disputeReason,
    document: documentOf(row),
    can_answer: row.status === 'Émis' && caller.id === row.clientId,
    pdf_url: `/api/dgd/${row.id}/pdf`,
  };
}

/** The quote's facts and DGDs; with `lock`, the quote's row stays locked until `db`'s transaction ends. */
export async function quoteContext(deps: AppDeps, db: Executor, quoteId: number, options: { lock: boolean }) {
  const quote = await quoteInvoicingFacts(deps, db, quoteId, options);
  if (!quote) throw quoteNotFound();
  return { quote, dgds: await repo.dgdsOfQuote(db, quoteId) };
}

/** `GET /api/devis/{id}/dgd`: the quote's DGDs, and whether the caller may establish one now. */
export async function quoteDgd(deps: AppDeps, caller: Caller, quoteId: number): Promise<QuoteDgd> {
  const { quote, dgds } = await quoteContext(deps, deps.db, quoteId, { lock: false });
  const issuerSide = isIssuerSide(caller, quote);
  if (!issuerSide && caller.id !== quote.clientId) throw forbidden('Ce devis ne vous concerne pas.');
  const reception = issuerSide ? await receptionOfQuote(deps.db, quoteId) : undefined;
  const open = dgds.some((d) => d.status !== 'Contesté');
  return {
    quote_id: quoteId,
    quote_label: quote.label,
    can_establish: issuerSide && quote.status === 'Validé' && reception?.signed === true && !open,
    dgds: dgds.map((d) => dgdView(d, caller)),
  };
}

/** `GET /api/dgd/{id}`. */
export async function getDgd(deps: AppDeps, caller: Caller, id: number): Promise<DgdView> {
  const row = await repo.findDgd(deps.db, id);
  if (!row) throw dgdNotFound();
  return dgdView(row, caller);
}
