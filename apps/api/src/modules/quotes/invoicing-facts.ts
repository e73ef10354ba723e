import type { PostalAddress, QuoteIssuer } from '@ouvrage/contracts';
import type { Executor, StoredAddress } from '@ouvrage/db';
import {
  amendLots,
  quoteVersionLabel,
  todayInParis,
  withTravelCosts,
  type QuoteLotInput,
  type QuoteStatus,
  type QuoteUnit,
  type TvaRate,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { projectsByIds } from '../projects';
import { findUsers } from '../users';
import { contractAmendmentsOf } from './contract-amendments';
import { liveIssuer } from './issuer';
import { projectTitle, statusToday } from './quote-views';
import * as repo from './repository';

/** What the invoices module needs to know about a quote (decision 0700), read through this module's index. */
export interface QuoteInvoicingFacts {
  id: number;
  status: QuoteStatus;
  issuerId: number;
  clientId: number;
  projectId: number;
  /** The quote's number without its version (`D-2026-0005`), null for a draft. */
  number: string | null;
  label: string;
  title: string;
  validatedAt: Date | null;
  /** A repair the consumer asked to be done urgently: no withdrawal (C. conso. L221-28 8°). */
  urgentRepair: boolean;
  /**
   * The contract's lots as amended by its signed avenants (decision 1220): options the client did
   * not take are `optional` (not counted), those taken are counted; the avenants' lines added to
   * their lots, their new lots last.
   */
  lots: QuoteLotInput[];
  /** The quote's own lots, before any avenant. */
  originalLots: QuoteLotInput[];
  retentionBp: number;
  latePenaltyBp: number;
  paymentTerms: string;
  /** The issuer's legal identity and insurance as the profile holds them today (printed on a new invoice). */
  issuer: QuoteIssuer;
  client: { name: string; email: string | null; phone: string | null; address: PostalAddress | null };
  siteAddress: PostalAddress | null;
  project: { id: number; title: string; typeClient: string; companyName: string | null; siret: string | null };
}

/**
 * A quote's invoicing facts; with `lock`, its row stays locked until `tx` ends, so that two
 * invoices issued at once on the same quote are checked one after the other (no over-invoicing).
 */
export async function quoteInvoicingFacts(deps: AppDeps, db: Executor, id: number, options: { lock: boolean }): Promise<QuoteInvoicingFacts | undefined> {
  const q = options.lock ? await repo.lockQuote(db, id) : await repo.findQuote(db, id);
  if (!q) return undefined;
  const [{ lots, lines }, [project], issuer, [clientUser], amendments] = await Promise.all([
    repo.contentOf(db, q.id),
    projectsByIds(db, [q.projectId]),
    liveIssuer(db, q.issuerId),
    findUsers(db, [q.clientId]),
    contractAmendmentsOf(db, q.id),
  ]);
  // Travel costs are a lot of the contract like the others (decision 1002).
  const originalLots = withTravelCosts(
    lots.map((lot) => ({
      title: lot.title,
      lines: lines
        .filter((l) => l.lotId === lot.id)
        .map((l) => ({
          designation: l.designation,
          quantityMilli: l.quantityMilli,
          unit: l.unit as QuoteUnit,
          unitPriceCents: l.unitPriceCents,
          tvaRateBp: l.tvaRateBp as TvaRate,
          discountBp: l.discountBp,
          optional: l.optional && !l.chosen,
        })),
    })),
    q.travelCostCents,
  );
  const snap = q.clientSnapshot as { name?: string; email?: string | null; phone?: string | null } | null;
  return {
    id: q.id,
    status: statusToday(q, todayInParis(deps.clock)),
    issuerId: q.issuerId,
    clientId: q.clientId,
    projectId: q.projectId,
    number: q.number,
    label: quoteVersionLabel(q.number, q.version),
    title: q.title,
    validatedAt: q.validatedAt,
    urgentRepair: q.urgentRepair,
    lots: amendLots(originalLots, amendments),
    originalLots,
    retentionBp: q.retentionBp,
    latePenaltyBp: q.latePenaltyBp,
    paymentTerms: q.paymentTerms,
    issuer,
    client: {
      name: snap?.name ?? (clientUser ? `${clientUser.firstname} ${clientUser.lastname}`.trim() : ''),
      email: snap?.email ?? clientUser?.email ?? null,
      phone: snap?.phone ?? clientUser?.phone ?? null,
      address: (q.clientAddress as StoredAddress | null) ?? null,
    },
    siteAddress: (q.siteAddress as StoredAddress | null) ?? null,
    project: {
      id: q.projectId,
      title: project ? projectTitle(project) : '',
      typeClient: project?.project.typeClient ?? 'particulier',
      companyName: project?.project.companyName ?? null,
      siret: project?.project.siret ?? null,
    },
  };
}
