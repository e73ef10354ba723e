import { addDays, compareCalendarDates, isCalendarDate, type CalendarDate } from './calendar';
import { draftInvoice, invoicedSoFar, totalsOf, type InvoicedContract, type InvoiceRequest, type PriorInvoice } from './invoices';
import { formatEuros, formatPercent, FULL_PERCENT_BP, percentOf } from './money';
import { withdrawalDeadline } from './quotes';
import { refusal, type Refusal } from './refusal';

/**
 * The payment schedule (échéancier) a client signs with the quote (issue 38 §2, decision 1221): a
 * deposit at signature, then milestones reached at a stage of the works (marked by the architect)
 * or on a date, each a percentage of the contract's TTC or an amount in cents. The amounts add up
 * to the contract's TTC exactly: every milestone but the last is its percentage of the TTC by the
 * one rounding rule (`percentOf`) or its amount, the last takes the rest. Legal limits (consumer's
 * withdrawal period, CCMI's R231-7 / R231-8 CCH caps) are checked here and nowhere else.
 */

/** Stages of the works a milestone may wait for, in the order of a chantier. */
export const SCHEDULE_STAGES = ['permis_de_construire', 'ouverture_chantier', 'fin_gros_oeuvre', 'hors_eau_hors_air', 'reception'] as const;
export type ScheduleStage = (typeof SCHEDULE_STAGES)[number];

export const SCHEDULE_STAGE_LABELS: Record<ScheduleStage, string> = {
  permis_de_construire: 'Délivrance du permis de construire',
  ouverture_chantier: 'Ouverture du chantier',
  fin_gros_oeuvre: 'Fin du gros œuvre',
  hors_eau_hors_air: 'Hors d’eau hors d’air',
  reception: 'Réception des travaux',
};

/**
 * What the contract is, for the legal limits: ordinary works (renovation, extension, works
 * contracted by an architect's client: no cap on a deposit), or a contrat de construction de maison
 * individuelle (CCMI, art. L231-1 CCH) whose builder holds a garantie de remboursement or not.
 */
export const SCHEDULE_CONTRACT_KINDS = ['travaux', 'ccmi_avec_garantie', 'ccmi_sans_garantie'] as const;
export type ScheduleContractKind = (typeof SCHEDULE_CONTRACT_KINDS)[number];

export type ScheduleTrigger =
  { kind: 'signature' } | { kind: 'stage'; stage: ScheduleStage } | { kind: 'label'; label: string } | { kind: 'date'; date: CalendarDate };

export interface ScheduleMilestoneInput {
  trigger: ScheduleTrigger;
  /** Basis points of the contract's TTC; or `amountCents`, exactly one of the two. */
  percentBp?: number | null;
  amountCents?: number | null;
}

export interface PaymentScheduleInput {
  contractKind: ScheduleContractKind;
  milestones: ScheduleMilestoneInput[];
}

export const MAX_SCHEDULE_MILESTONES = 12;
export const MAX_MILESTONE_LABEL = 120;

/** R231-8 I CCH: with a garantie de remboursement, at most 5 % at signature and 5 % more at the building permit. */
export const CCMI_SIGNATURE_CAP_BP = 500;
/**
 * R231-7 I CCH: the most of the price that may have been asked, cumulated, once a stage is reached
 * (our stages: « fin du gros œuvre » is the achèvement des murs, « hors d’eau hors d’air » the mise
 * hors d’air, 75 %); the permit's 10 % is R231-8 I (garantie de remboursement only).
 */
export const CCMI_CUMULATIVE_CAPS_BP: Record<ScheduleStage, number> = {
  permis_de_construire: 1000,
  ouverture_chantier: 1500,
  fin_gros_oeuvre: 4000,
  hors_eau_hors_air: 7500,
  reception: FULL_PERCENT_BP,
};

const invalid = (code: string, message: string, params: Record<string, string | number> = {}): Refusal => refusal(code, message, params, 400);
// A legal limit is bad input too: the architect changes the schedule (400, its own code).
const unlawful = (code: string, message: string, params: Record<string, string | number> = {}): Refusal => refusal(code, message, params, 400);

/** Every milestone's amount in cents: its percentage of the TTC by the one rule, or its amount; the last one takes the rest. */
export function scheduleAmounts(contractTtcCents: number, milestones: readonly ScheduleMilestoneInput[]): number[] {
  const amounts = milestones.map((m) => (m.percentBp !== null && m.percentBp !== undefined ? percentOf(contractTtcCents, m.percentBp) : (m.amountCents ?? 0)));
  if (!amounts.length) return amounts;
  const others = amounts.slice(0, -1).reduce((s, a) => s + a, 0);
  amounts[amounts.length - 1] = contractTtcCents - others;
  return amounts;
}

/** What the schedule as stated adds up to, before the last milestone takes the rounding: 100 % when all are percentages. */
function statedShapeRefusal(contractTtcCents: number, milestones: readonly ScheduleMilestoneInput[]): Refusal | null {
  const percents = milestones.filter((m) => m.percentBp !== null && m.percentBp !== undefined);
  if (percents.length === milestones.length) {
    const total = percents.reduce((s, m) => s + (m.percentBp as number), 0);
    if (total !== FULL_PERCENT_BP) {
      return invalid('PAYMENT_SCHEDULE_NOT_WHOLE_CONTRACT', `Les échéances totalisent ${formatPercent(total)} : elles doivent faire 100 % du contrat.`, {
        total: formatPercent(total),
        contract: formatEuros(contractTtcCents),
      });
    }
    return null;
  }
  // With amounts (often a percentage the architect worked out), the stated figures add up to the
  // TTC within a cent per milestone: the last one takes that rounding.
  const stated = milestones.reduce(
    (s, m) => s + (m.percentBp !== null && m.percentBp !== undefined ? percentOf(contractTtcCents, m.percentBp) : (m.amountCents ?? 0)),
    0,
  );
  if (Math.abs(stated - contractTtcCents) > milestones.length - 1) {
    return invalid(
      'PAYMENT_SCHEDULE_NOT_WHOLE_CONTRACT',
      `Les échéances totalisent ${formatEuros(stated)} : elles doivent faire le total du contrat, ${formatEuros(contractTtcCents)} TTC.`,
      {
        total: formatEuros(stated),
        contract: formatEuros(contractTtcCents),
      },
    );
  }
  return null;
}

export interface ScheduleContext {
  contractTtcCents: number;
  /** The consumer's withdrawal period applies (a consumer's quote, not an urgent repair; see `withdrawalFacts`). */
  consumerWithdrawal: boolean;
  /** The Paris day the schedule is set: a quote cannot be signed earlier. */
  today: CalendarDate;
}

/**
 * Why this schedule cannot be set on this contract, or null: its shape or a legal limit (400, a code each).
 * A consumer's withdrawal period: no milestone dated before it can end (the quote is signed today
 * at the earliest); the deposit at signature is asked once it has ended (`milestoneDueDate`).
 */
export function paymentScheduleRefusal(schedule: PaymentScheduleInput, context: ScheduleContext): Refusal | null {
  const { milestones } = schedule;
  if (!(SCHEDULE_CONTRACT_KINDS as readonly string[]).includes(schedule.contractKind)) {
    return invalid('PAYMENT_SCHEDULE_CONTRACT_KIND_INVALID', 'Le type de contrat de l’échéancier est inconnu.');
  }
  if (!milestones.length) return invalid('PAYMENT_SCHEDULE_EMPTY', 'Un échéancier compte au moins une échéance.');
  if (milestones.length > MAX_SCHEDULE_MILESTONES) {
    return invalid('PAYMENT_SCHEDULE_TOO_MANY', `Un échéancier compte au plus ${MAX_SCHEDULE_MILESTONES} échéances.`, { max: MAX_SCHEDULE_MILESTONES });
  }
  if (!Number.isSafeInteger(context.contractTtcCents) || context.contractTtcCents <= 0) {
    return invalid('PAYMENT_SCHEDULE_NO_CONTRACT_TOTAL', 'Le devis n’a pas encore de total : ajoutez ses lignes avant l’échéancier.');
  }
  let lastDate: CalendarDate | null = null;
  const stagesSeen = new Set<ScheduleStage>();
  for (const [i, m] of milestones.entries()) {
    const n = i + 1;
    const hasPercent = m.percentBp !== null && m.percentBp !== undefined;
    const hasAmount = m.amountCents !== null && m.amountCents !== undefined;
    if (hasPercent === hasAmount)
      return invalid('PAYMENT_SCHEDULE_AMOUNT_REQUIRED', `Échéance ${n} : indiquez un pourcentage ou un montant, l’un des deux.`, { n });
    if (hasPercent && (!Number.isSafeInteger(m.percentBp) || (m.percentBp as number) <= 0 || (m.percentBp as number) > FULL_PERCENT_BP)) {
      return invalid('PAYMENT_SCHEDULE_PERCENT_INVALID', `Échéance ${n} : le pourcentage est compris entre 0 et 100 %.`, { n });
    }
    if (hasAmount && (!Number.isSafeInteger(m.amountCents) || (m.amountCents as number) <= 0)) {
      return invalid('PAYMENT_SCHEDULE_AMOUNT_INVALID', `Échéance ${n} : le montant doit être positif.`, { n });
    }
    const t = m.trigger;
    if (t.kind === 'signature' && i !== 0) {
      return invalid('PAYMENT_SCHEDULE_SIGNATURE_FIRST', `Échéance ${n} : seul l’acompte, en premier, est demandé à la signature.`, { n });
    }
    if (t.kind === 'stage') {
      if (!(SCHEDULE_STAGES as readonly string[]).includes(t.stage)) return invalid('PAYMENT_SCHEDULE_STAGE_INVALID', `Échéance ${n} : étape inconnue.`, { n });
      if (stagesSeen.has(t.stage)) return invalid('PAYMENT_SCHEDULE_STAGE_TWICE', `Échéance ${n} : cette étape a déjà son échéance.`, { n });
      stagesSeen.add(t.stage);
    }
    if (t.kind === 'label') {
      const label = t.label.trim();
      if (!label || label.length > MAX_MILESTONE_LABEL) {
        return invalid('PAYMENT_SCHEDULE_LABEL_INVALID', `Échéance ${n} : nommez l’étape (${MAX_MILESTONE_LABEL} caractères au plus).`, {
          n,
          max: MAX_MILESTONE_LABEL,
        });
      }
    }
    if (t.kind === 'date') {
      if (!isCalendarDate(t.date)) return invalid('PAYMENT_SCHEDULE_DATE_INVALID', `Échéance ${n} : la date est invalide.`, { n });
      if (compareCalendarDates(t.date, context.today) <= 0) {
        return invalid('PAYMENT_SCHEDULE_DATE_PAST', `Échéance ${n} : la date doit être à venir.`, { n, date: t.date });
      }
      if (lastDate && compareCalendarDates(t.date, lastDate) <= 0) {
        return invalid('PAYMENT_SCHEDULE_DATES_ORDER', `Échéance ${n} : les dates se suivent, chacune après la précédente.`, { n });
      }
      lastDate = t.date;
      if (context.consumerWithdrawal) {
        const first = addDays(withdrawalDeadline(context.today), 1);
        if (compareCalendarDates(t.date, first) < 0) {
          return unlawful(
            'PAYMENT_SCHEDULE_BEFORE_WITHDRAWAL_END',
            `Échéance ${n} : rien ne peut être demandé au client avant la fin de son délai de rétractation de 14 jours ; date au plus tôt : ${first}.`,
            { n, date: first },
          );
        }
      }
    }
  }
  const shape = statedShapeRefusal(context.contractTtcCents, milestones);
  if (shape) return shape;
  const amounts = scheduleAmounts(context.contractTtcCents, milestones);
  const nonPositive = amounts.findIndex((a) => a <= 0);
  if (nonPositive >= 0) {
    return invalid('PAYMENT_SCHEDULE_AMOUNT_INVALID', `Échéance ${nonPositive + 1} : le montant doit être positif.`, { n: nonPositive + 1 });
  }
  if (schedule.contractKind !== 'travaux') return ccmiRefusal(schedule, amounts, context.contractTtcCents);
  return null;
}

/** R231-7 and R231-8 CCH on a CCMI: stages only, in their order, each within its cumulative cap; the deposit capped or forbidden. */
function ccmiRefusal(schedule: PaymentScheduleInput, amounts: readonly number[], contractTtcCents: number): Refusal | null {
  const guarantee = schedule.contractKind === 'ccmi_avec_garantie';
  let cumulated = 0;
  let lastStage = -1;
  for (const [i, m] of schedule.milestones.entries()) {
    const n = i + 1;
    cumulated += amounts[i];
    const t = m.trigger;
    if (t.kind === 'date' || t.kind === 'label') {
      return unlawful(
        'PAYMENT_SCHEDULE_CCMI_STAGES_ONLY',
        `Échéance ${n} : un contrat de construction de maison individuelle n’appelle de fonds qu’aux stades de l’article R231-7 du CCH.`,
        { n },
      );
    }
    if (t.kind === 'signature' || (t.kind === 'stage' && t.stage === 'permis_de_construire')) {
      if (!guarantee) {
        return unlawful(
          'PAYMENT_SCHEDULE_CCMI_NO_GUARANTEE',
          'Sans garantie de remboursement, aucun paiement n’est dû au constructeur avant l’ouverture du chantier (R231-8 CCH) ; un dépôt de garantie de 3 % au plus se verse sur un compte spécial, hors de l’échéancier.',
          { n },
        );
      }
    }
    const cap = t.kind === 'signature' ? CCMI_SIGNATURE_CAP_BP : CCMI_CUMULATIVE_CAPS_BP[t.stage];
    if (t.kind === 'stage') {
      const order = SCHEDULE_STAGES.indexOf(t.stage);
      if (order < lastStage) return unlawful('PAYMENT_SCHEDULE_CCMI_STAGES_ORDER', `Échéance ${n} : les stades se suivent dans l’ordre du chantier.`, { n });
      lastStage = order;
    }
    if (cumulated > percentOf(contractTtcCents, cap)) {
      return unlawful(
        'PAYMENT_SCHEDULE_CCMI_CAP',
        `Échéance ${n} : à ce stade, au plus ${formatPercent(cap)} du prix peut avoir été demandé (art. R231-7 et R231-8 du CCH).`,
        {
          n,
          max: formatPercent(cap),
        },
      );
    }
  }
  const last = schedule.milestones[schedule.milestones.length - 1].trigger;
  if (!(last.kind === 'stage' && last.stage === 'reception')) {
    return unlawful(
      'PAYMENT_SCHEDULE_CCMI_BALANCE_AT_RECEPTION',
      'Le solde d’un contrat de construction de maison individuelle est payable à la réception (R231-7 CCH).',
    );
  }
  return null;
}

/**
 * The day a dated or signature milestone comes due once the quote is signed on `signedOn`: the
 * deposit the day after the consumer's withdrawal period ends (or the day of signature), a date on
 * its date (never before the withdrawal period's end). Null for a stage, marked by the architect.
 */
export function milestoneDueDate(trigger: ScheduleTrigger, facts: { signedOn: CalendarDate; consumerWithdrawal: boolean }): CalendarDate | null {
  const earliest = facts.consumerWithdrawal ? addDays(withdrawalDeadline(facts.signedOn), 1) : facts.signedOn;
  if (trigger.kind === 'signature') return earliest;
  if (trigger.kind === 'date') return compareCalendarDates(trigger.date, earliest) < 0 ? earliest : trigger.date;
  return null;
}

/** Why the architect cannot mark a stage reached today: the consumer's withdrawal period still open. */
export function markStageRefusal(facts: { signedOn: CalendarDate | null; consumerWithdrawal: boolean }, today: CalendarDate): Refusal | null {
  if (!facts.signedOn) return refusal('PAYMENT_SCHEDULE_NOT_SIGNED', 'Le devis n’est pas encore signé : aucune échéance ne peut être atteinte.', {}, 409);
  if (!facts.consumerWithdrawal) return null;
  const deadline = withdrawalDeadline(facts.signedOn);
  if (compareCalendarDates(today, deadline) <= 0) {
    return refusal(
      'PAYMENT_SCHEDULE_WITHDRAWAL_OPEN',
      `Le délai de rétractation du client court jusqu’au ${deadline} : rien ne peut lui être facturé avant.`,
      { date: deadline },
      409,
    );
  }
  return null;
}

/**
 * The invoice a reached milestone prepares: the last milestone is the contract's balance (solde:
 * what is left, the retenue de garantie withheld), any other a deposit (acompte) of its amount,
 * never more than is left to invoice. Null when nothing is left.
 */
export function milestoneInvoiceRequest(
  contract: InvoicedContract,
  prior: readonly PriorInvoice[],
  milestone: { amountCents: number; last: boolean },
): { request: InvoiceRequest; amountCents: number } | null {
  if (milestone.last) {
    const drafted = draftInvoice(contract, prior, { kind: 'solde' });
    return drafted.ok ? { request: { kind: 'solde' }, amountCents: drafted.draft.totals.totalTtcCents } : null;
  }
  const left = contract.totals.totalTtcCents - totalsOf(invoicedSoFar(prior)).totalTtcCents;
  const amountCents = Math.min(milestone.amountCents, left);
  if (amountCents <= 0) return null;
  const drafted = draftInvoice(contract, prior, { kind: 'acompte', amountCents });
  return drafted.ok ? { request: { kind: 'acompte', amountCents }, amountCents: drafted.draft.totals.totalTtcCents } : null;
}
