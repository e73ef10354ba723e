import type { MilestoneView, PaymentScheduleBody } from '@ouvrage/contracts';
import { formatPercent, parsePercent, type ScheduleStage } from '@ouvrage/domain';

/** A milestone as the editor holds it: what is typed, kept as typed until saved (decision 1203). */
export interface MilestoneRow {
  kind: 'signature' | 'stage' | 'label' | 'date';
  stage: ScheduleStage;
  label: string;
  date: string;
  by: 'percent' | 'amount';
  percent: string;
  amountCents: number | null;
}

export const emptyRow = (kind: MilestoneRow['kind'] = 'stage'): MilestoneRow => ({
  kind,
  stage: 'fin_gros_oeuvre',
  label: '',
  date: '',
  by: 'percent',
  percent: '',
  amountCents: null,
});

/** The rows of a saved schedule. */
export function rowsOf(milestones: readonly MilestoneView[]): MilestoneRow[] {
  return milestones.map((m) => ({
    ...emptyRow(m.trigger.kind),
    ...(m.trigger.kind === 'stage' ? { stage: m.trigger.stage } : {}),
    ...(m.trigger.kind === 'label' ? { label: m.trigger.label } : {}),
    ...(m.trigger.kind === 'date' ? { date: m.trigger.date } : {}),
    by: m.percent_bp !== null ? 'percent' : 'amount',
    percent: m.percent_bp !== null ? formatPercent(m.percent_bp).replace(/\s*%$/, '') : '',
    amountCents: m.amount_cents,
  }));
}

/**
 * The body the rows make. A percentage that does not parse is sent as is for the server to refuse
 * with its code (the screen shows the answer); the domain decides whether the schedule adds up.
 */
export function bodyOf(contractKind: PaymentScheduleBody['contract_kind'], rows: readonly MilestoneRow[]): PaymentScheduleBody {
  return {
    contract_kind: contractKind,
    milestones: rows.map((r) => {
      const trigger =
        r.kind === 'stage'
          ? { kind: 'stage' as const, stage: r.stage }
          : r.kind === 'label'
            ? { kind: 'label' as const, label: r.label }
            : r.kind === 'date'
              ? { kind: 'date' as const, date: r.date }
              : { kind: 'signature' as const };
      if (r.by === 'amount') return { trigger, amount_cents: r.amountCents };
      const parsed = parsePercent(r.percent);
      return { trigger, percent_bp: parsed.ok ? parsed.value : null };
    }),
  };
}
