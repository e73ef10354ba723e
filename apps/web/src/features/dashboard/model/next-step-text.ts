import type { TFunction } from 'i18next';
import type { NextStepView } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';

/**
 * A next step in the interface's language, from its key and parameters (decision 0811): amounts
 * and dates formatted for the language, numbers and references isolated left to right (Arabic).
 */
export function nextStepText(t: TFunction, step: NextStepView): string {
  const p = step.params;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(p)) values[key] = ltr(String(value));
  if (typeof p.amount_cents === 'number') values.amount = ltr(formatEuros(p.amount_cents));
  if (typeof p.due_date === 'string') values.date = ltr(formatDate(p.due_date));
  return t(`dashboards.nextSteps.steps.${step.key}`, values);
}
