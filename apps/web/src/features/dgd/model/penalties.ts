import { parseEuros, type Refusal } from '@ouvrage/domain';

/** A penalty row as typed in the establishing form: a label and an amount in euros. */
export interface PenaltyRow {
  label: string;
  amount: string;
}

/** The rows as the API takes them, or the first refusal of an amount (the web words it from its code). */
export function penaltiesBody(
  rows: readonly PenaltyRow[],
): { ok: true; penalties: Array<{ label: string; amount_cents: number }> } | { ok: false; refusal: Refusal } {
  const penalties: Array<{ label: string; amount_cents: number }> = [];
  for (const row of rows) {
    if (!row.label.trim() && !row.amount.trim()) continue;
    const amount = parseEuros(row.amount);
    if (!amount.ok) return { ok: false, refusal: amount.refusal };
    penalties.push({ label: row.label.trim(), amount_cents: amount.value });
  }
  return { ok: true, penalties };
}
