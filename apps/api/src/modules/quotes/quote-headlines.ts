import type { Executor } from '@ouvrage/db';
import { quoteVersionLabel } from '@ouvrage/domain';
import * as repo from './repository';

/** What another module shows of a quote next to its own record (a signature status, decision 0663). */
export interface QuoteHeadline {
  id: number;
  label: string;
  title: string;
  issuerId: number;
  clientId: number;
}

/** The headlines of these quotes, by id; unknown ids are absent. */
export async function quoteHeadlines(db: Executor, ids: number[]): Promise<Map<number, QuoteHeadline>> {
  const rows = await repo.findQuotes(db, [...new Set(ids)]);
  return new Map(
    rows.map((q) => [q.id, { id: q.id, label: quoteVersionLabel(q.number, q.version), title: q.title, issuerId: q.issuerId, clientId: q.clientId }]),
  );
}
