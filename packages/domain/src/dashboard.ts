import { formatCalendarDate, type CalendarDate } from './calendar';
import { formatEuros } from './money';

/**
 * Dashboards of the client, the professionals and the architect (issue 12, decisions 0810–0813):
 * the period of the architect's chart and the client's next steps, pure and shared by the API
 * (which computes them) and the web (which translates the steps from their key and parameters).
 */

// ---------------------------------------------------------------------------------------------
// Periods of the architect's chart
// ---------------------------------------------------------------------------------------------

/** The last 6, 12 or 24 months (the current one included), or a calendar year `2026`. */
export const CHART_ROLLING_PERIODS = ['6', '12', '24'] as const;
export const DEFAULT_CHART_PERIOD = '12';
export const CHART_MIN_YEAR = 2000;
export const CHART_MAX_YEAR = 2100;

export function isChartPeriod(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if ((CHART_ROLLING_PERIODS as readonly string[]).includes(value)) return true;
  if (!/^\d{4}$/.test(value)) return false;
  const year = Number(value);
  return year >= CHART_MIN_YEAR && year <= CHART_MAX_YEAR;
}

export interface ChartMonths {
  /** `YYYY-MM`, oldest first. */
  months: string[];
  /** First day of the first month (Paris calendar). */
  from: CalendarDate;
  /** First day after the last month. */
  until: CalendarDate;
}

const monthKey = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** The months of a period, `today` being a Paris calendar day. */
export function chartMonths(period: string, today: CalendarDate): ChartMonths {
  let year: number;
  let month: number;
  let count: number;
  if (/^\d{4}$/.test(period)) {
    year = Number(period);
    month = 1;
    count = 12;
  } else {
    count = Number(period) || Number(DEFAULT_CHART_PERIOD);
    const [y, m] = today.split('-').map(Number);
    const start = y * 12 + (m - 1) - (count - 1);
    year = Math.floor(start / 12);
    month = (start % 12) + 1;
  }
  const months: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = year * 12 + (month - 1) + i;
    months.push(monthKey(Math.floor(n / 12), (n % 12) + 1));
  }
  const after = year * 12 + (month - 1) + count;
  return { months, from: `${months[0]}-01` as CalendarDate, until: `${monthKey(Math.floor(after / 12), (after % 12) + 1)}-01` as CalendarDate };
}

/** A rate in basis points (10 000 = 100 %), rounded half up; null when nothing was counted. */
export function shareBp(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 10_000) / whole);
}

// ---------------------------------------------------------------------------------------------
// The client's next steps
// ---------------------------------------------------------------------------------------------

export const NEXT_STEP_KEYS = [
  'pay_overdue_invoice',
  'sign_quote',
  'sign_contract',
  'sign_reception',
  'answer_quote',
  'pay_invoice',
  'project_waiting_validation',
  'project_waiting_tenders',
  'create_project',
] as const;
export type NextStepKey = (typeof NEXT_STEP_KEYS)[number];

export interface NextStep {
  key: NextStepKey;
  /** Values of the sentence (numbers, amounts in cents, dates `YYYY-MM-DD`), for the web's translation. */
  params: Record<string, string | number>;
  /** Where the client does it. */
  to: string;
  /** The sentence in French. */
  text: string;
}

export interface ClientFacts {
  projects: ReadonlyArray<{ id: number; state: string }>;
  quotesAwaiting: ReadonlyArray<{ id: number; label: string }>;
  // An avenant (decision 1220) is a document to sign like a contract: « Signez le document « D-…-A1 » ».
  documentsToSign: ReadonlyArray<{ kind: 'quote' | 'contract' | 'reception' | 'avenant' | 'dgd'; label: string; to: string }>;
  invoicesToPay: ReadonlyArray<{ id: number; number: string; left_cents: number; due_date: string; overdue: boolean }>;
}

/** At most this many steps, the most urgent first. */
export const MAX_NEXT_STEPS = 6;

/**
 * What the client should do next, in plain French, most urgent first: overdue invoices, documents
 * to sign, quotes to answer, invoices to pay, then where their projects wait; a newcomer is
 * invited to describe a project.
 */
export function clientNextSteps(f: ClientFacts): NextStep[] {
  const steps: NextStep[] = [];
  const pay = (i: ClientFacts['invoicesToPay'][number]): NextStep => {
    const due = formatCalendarDate(i.due_date as CalendarDate);
    const amount = formatEuros(i.left_cents);
    return i.overdue
      ? {
          key: 'pay_overdue_invoice',
          params: { number: i.number, amount_cents: i.left_cents, due_date: i.due_date },
          to: `/facture/${i.id}`,
          text: `Réglez la facture ${i.number} : ${amount}, en retard depuis le ${due}`,
        }
      : {
          key: 'pay_invoice',
          params: { number: i.number, amount_cents: i.left_cents, due_date: i.due_date },
          to: `/facture/${i.id}`,
          text: `Réglez la facture ${i.number} : ${amount} avant le ${due}`,
        };
  };
  for (const i of f.invoicesToPay) if (i.overdue) steps.push(pay(i));
  for (const d of f.documentsToSign) {
    if (d.kind === 'quote') steps.push({ key: 'sign_quote', params: { label: d.label }, to: d.to, text: `Signez le devis ${d.label}` });
    else if (d.kind === 'reception')
      steps.push({ key: 'sign_reception', params: { label: d.label }, to: d.to, text: `Signez le procès-verbal de réception du devis ${d.label}` });
    else steps.push({ key: 'sign_contract', params: { label: d.label }, to: d.to, text: `Signez le document « ${d.label} »` });
  }
  for (const q of f.quotesAwaiting)
    steps.push({ key: 'answer_quote', params: { label: q.label }, to: `/devis/${q.id}`, text: `Répondez au devis ${q.label} : acceptez-le ou refusez-le` });
  for (const i of f.invoicesToPay) if (!i.overdue) steps.push(pay(i));
  for (const p of f.projects) {
    if (p.state === 'En attente')
      steps.push({
        key: 'project_waiting_validation',
        params: { id: p.id },
        to: `/single-projet/${p.id}`,
        text: `Votre projet n° ${p.id} attend sa validation par l’équipe Ouvrage`,
      });
    else if (p.state === 'Validé' || p.state === 'En consultation') {
      steps.push({
        key: 'project_waiting_tenders',
        params: { id: p.id },
        to: `/single-projet/${p.id}`,
        text: `Votre projet n° ${p.id} est proposé aux professionnels : les devis arriveront ici`,
      });
    }
  }
  if (f.projects.length === 0) steps.push({ key: 'create_project', params: {}, to: '/', text: 'Décrivez votre premier projet pour recevoir des devis' });
  return steps.slice(0, MAX_NEXT_STEPS);
}
