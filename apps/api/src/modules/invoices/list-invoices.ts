import type { InvoiceDetail, ProjectName, QuoteInvoicing } from '@ouvrage/contracts';
import { searchNormalize, todayInParis, type Caller, type InvoiceKind, type InvoiceStatus } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { projectLabelsByIds } from '../projects';
import { quoteInvoicingFacts } from '../quotes';
import { priorInvoices } from './issue-invoice';
import { invoiceDetail, listItem, toStored } from './invoice-views';
import { refundsOf } from './refunds-repository';
import * as repo from './repository';

export interface ListQuery {
  page: number;
  per_page: number;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  search?: string;
  quote_id?: number;
}

/** `liste-facture`: an architect's issued invoices, a client's received ones, every invoice for admins. */
export async function listInvoices(deps: AppDeps, caller: Caller, q: ListQuery) {
  const today = todayInParis(deps.clock);
  const scope = caller.user_type === 'admin' ? {} : caller.user_type === 'client' ? { clientId: caller.id } : { issuerId: caller.id };
  const search = q.search
    ? searchNormalize(q.search)
        .replace(/[^a-z0-9]+/g, ' ')
        .split(' ')
        .filter(Boolean)
        .slice(0, 8)
    : undefined;
  const { rows, total, total_capped } = await repo.listInvoices(
    deps.db,
    { ...scope, quoteId: q.quote_id, kind: q.kind, status: q.status ? { status: q.status, today } : undefined, search },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  // The project by its parts, for the web to compose in the reader's language (decision 1206).
  const labels = await projectLabelsByIds(
    deps.db,
    rows.map((r) => (r.document as unknown as InvoiceDetail).project.id),
  );
  const names = new Map<number, ProjectName>(labels.map((p) => [p.id, { category_name: p.categoryName, bien_name: p.bienName, city: p.city }]));
  return { items: rows.map((r) => listItem(r, today, names)), total, total_capped, page: q.page, per_page: q.per_page };
}

export async function getInvoice(deps: AppDeps, caller: Caller, id: number): Promise<InvoiceDetail> {
  const row = await repo.findInvoice(deps.db, id);
  if (!row) throw notFound('Cette facture est introuvable.');
  return invoiceDetail(deps, row, await repo.creditNotesOf(deps.db, [row.id]), caller, await refundsOf(deps.db, row.id));
}

/** A quote's invoices so far, for the issuing screen (which computes the next one with the domain code). */
export async function quoteInvoicing(deps: AppDeps, caller: Caller, quoteId: number): Promise<QuoteInvoicing> {
  const q = await quoteInvoicingFacts(deps, deps.db, quoteId, { lock: false });
  if (!q) throw notFound('Ce devis est introuvable.');
  if (caller.user_type !== 'admin' && caller.id !== q.issuerId) throw forbidden('Seul l’émetteur du devis peut le facturer.');
  const prior = await priorInvoices(deps.db, quoteId);
  return {
    quote_id: quoteId,
    invoices: prior.map((p) => ({
      id: p.id,
      number: p.number,
      kind: p.kind,
      issue_date: p.issueDate,
      by_rate: toStored(p.byRate),
      progress_bp: p.progressBp,
      credited: toStored(p.credited),
      retention_cents: p.retentionCents ?? 0,
    })),
    // The contract as amended by its signed avenants (decision 1220): the one the API invoices.
    contract_lots: q.lots.map((lot) => ({
      title: lot.title,
      lines: lot.lines.map((l) => ({
        quantity_milli: l.quantityMilli,
        unit_price_cents: l.unitPriceCents,
        tva_rate_bp: l.tvaRateBp,
        discount_bp: l.discountBp,
        optional: l.optional ?? false,
      })),
    })),
  };
}
