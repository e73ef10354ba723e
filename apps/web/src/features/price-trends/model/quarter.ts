/** `2026-T3` → its year and quarter, for the label of each language (« T3 2026 », "Q3 2026"). */
export function splitQuarter(quarter: string): { year: string; quarter: string } {
  const match = /^(\d{4})-T([1-4])$/.exec(quarter);
  return match ? { year: match[1]!, quarter: match[2]! } : { year: quarter, quarter: '' };
}
