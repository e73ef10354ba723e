import { sql, type SQL } from 'drizzle-orm';

/**
 * The months of a period as an SQL row source `m(month, starts, ends)` (decision 0822): each
 * widget counts or sums one index range per month, so no row's time is converted to Paris time in
 * the query (per-row `to_char(… AT TIME ZONE …)` cost more than the index scans themselves).
 */
export function monthsSource(range: { months: string[]; bounds: Date[] }): SQL {
  const starts = range.bounds.slice(0, -1).map((d) => d.toISOString());
  const ends = range.bounds.slice(1).map((d) => d.toISOString());
  return sql`unnest(${`{${range.months.join(',')}}`}::text[], ${`{${starts.join(',')}}`}::timestamptz[], ${`{${ends.join(',')}}`}::timestamptz[]) AS m(month, starts, ends)`;
}
