import type { Executor } from '@ouvrage/db';
import { quoteVersionLabel, reducedTvaCertification, todayInParis, type QuoteStatus } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { statusToday } from './quote-views';
import * as repo from './repository';

/** What the signature module needs to know about a quote (decision 0620), read through this module's index. */
export interface QuoteSigningFacts {
  id: number;
  status: QuoteStatus;
  clientId: number;
  label: string;
  title: string;
  /** The reduced-TVA certification the signer must confirm, or null (same rule as the quote detail). */
  reducedTvaCertification: string | null;
}

/** The quote's signing facts, its row locked until `tx` ends; undefined when there is no such quote. */
export async function quoteSigningFacts(deps: AppDeps, tx: Executor, id: number): Promise<QuoteSigningFacts | undefined> {
  const q = await repo.lockQuote(tx, id);
  if (!q) return undefined;
  const { lines } = await repo.contentOf(tx, q.id);
  return {
    id: q.id,
    status: statusToday(q, todayInParis(deps.clock)),
    clientId: q.clientId,
    label: quoteVersionLabel(q.number, q.version),
    title: q.title,
    reducedTvaCertification: reducedTvaCertification(lines.filter((l) => !l.optional || l.chosen).map((l) => l.tvaRateBp)),
  };
}
