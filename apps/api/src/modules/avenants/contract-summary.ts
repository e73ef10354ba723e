import type { Executor } from '@ouvrage/db';
import { contractOf, type AvenantStatus } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { amountsOf, contextOf } from './avenant-views';

/** An avenant as the project's contract view lists it (decision 1224): sent ones only, drafts are the issuer's work. */
export interface AvenantSummary {
  id: number;
  number: string | null;
  title: string;
  status: AvenantStatus;
  changeTtcCents: number;
  signedAt: Date | null;
}

/** The issuer's name, the contract as signed, as amended by the signed avenants, and the avenants sent on it. */
export async function contractAvenants(
  deps: AppDeps,
  db: Executor,
  quoteId: number,
): Promise<{ issuerName: string; originalTtcCents: number; contractTtcCents: number; avenants: AvenantSummary[] }> {
  const ctx = await contextOf(deps, db, quoteId, { lock: false });
  return {
    issuerName: ctx.quote.issuer.trade_name || ctx.quote.issuer.name,
    originalTtcCents: contractOf(ctx.quote.originalLots).totals.totalTtcCents,
    contractTtcCents: contractOf(ctx.quote.lots).totals.totalTtcCents,
    avenants: ctx.avenants
      .filter((a) => a.status !== 'Brouillon')
      .map((a) => ({
        id: a.id,
        number: a.number,
        title: a.title,
        status: a.status,
        changeTtcCents: amountsOf(ctx, a).change.totals.totalTtcCents,
        signedAt: a.signedAt,
      })),
  };
}
