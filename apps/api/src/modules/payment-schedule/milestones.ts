import type { MilestoneBody } from '@ouvrage/contracts';
import { calendarDate, SCHEDULE_STAGE_LABELS, type CalendarDate, type ScheduleMilestoneInput, type ScheduleTrigger } from '@ouvrage/domain';
import type { NewMilestone, PaymentMilestoneRow } from './repository';

/** A milestone row as the domain reads it. */
export function triggerOf(row: PaymentMilestoneRow): ScheduleTrigger {
  if (row.triggerKind === 'stage') return { kind: 'stage', stage: row.stage! };
  if (row.triggerKind === 'label') return { kind: 'label', label: row.label ?? '' };
  if (row.triggerKind === 'date') return { kind: 'date', date: row.dueOn as CalendarDate };
  return { kind: 'signature' };
}

export const inputOf = (row: PaymentMilestoneRow): ScheduleMilestoneInput => ({
  trigger: triggerOf(row),
  percentBp: row.percentBp,
  amountCents: row.amountCents,
});

/** The body's milestones as the domain reads them (the dates already checked by the contract's schema). */
export function inputsOfBody(milestones: readonly MilestoneBody[]): ScheduleMilestoneInput[] {
  return milestones.map((m) => ({
    trigger: m.trigger.kind === 'date' ? { kind: 'date', date: calendarDate(m.trigger.date) } : m.trigger,
    percentBp: m.percent_bp ?? null,
    amountCents: m.amount_cents ?? null,
  }));
}

/** The rows to write for these milestones, in order. */
export function rowsOf(milestones: readonly ScheduleMilestoneInput[]): NewMilestone[] {
  return milestones.map((m, position) => ({
    position,
    triggerKind: m.trigger.kind,
    stage: m.trigger.kind === 'stage' ? m.trigger.stage : null,
    label: m.trigger.kind === 'label' ? m.trigger.label.trim() : null,
    dueOn: m.trigger.kind === 'date' ? m.trigger.date : null,
    percentBp: m.percentBp ?? null,
    amountCents: m.amountCents ?? null,
  }));
}

/** The milestone's French wording: « Acompte à la signature », a stage's name, the architect's label, « Échéance du 15/03/2027 ». */
export function milestoneLabel(trigger: ScheduleTrigger): string {
  if (trigger.kind === 'signature') return 'Acompte à la signature';
  if (trigger.kind === 'stage') return SCHEDULE_STAGE_LABELS[trigger.stage];
  if (trigger.kind === 'label') return trigger.label;
  const [y, m, d] = trigger.date.split('-');
  return `Échéance du ${d}/${m}/${y}`;
}
