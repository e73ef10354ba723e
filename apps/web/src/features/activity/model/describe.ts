import type { TFunction } from 'i18next';
import type { ActivityEntry, ActivityKind } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';

/** The family of a kind: its icon, its colour, the words of its link. */
export type ActivityFamily = 'project' | 'tender' | 'quote' | 'signature' | 'invoice' | 'payment' | 'reception';

export function familyOf(kind: ActivityKind): ActivityFamily {
  const head = kind.slice(0, kind.indexOf('.'));
  // A credit note is read with its invoice; a final account (DGD) with its quote, on whose page it lives;
  // a journal entry with its project (decision 1231).
  if (head === 'credit-note') return 'invoice';
  if (head === 'site-log') return 'project';
  return head === 'dgd' ? 'quote' : (head as ActivityFamily);
}

/**
 * The entry's sentence in the reader's language, from its kind and parameters. Numbers, amounts,
 * dates and document numbers are isolated left to right (`ltr`) so that they keep their order in
 * Arabic; the project's states and stages are the projects feature's words.
 */
export function describeEntry(t: TFunction, e: ActivityEntry): string {
  const p = e.params;
  const doc = p.number ? (p.version && p.version > 1 ? `${p.number} v${p.version}` : p.number) : (p.title ?? '');
  const values = {
    number: ltr(doc),
    title: p.title ?? '',
    amount: p.amount_cents === undefined ? '' : ltr(formatEuros(p.amount_cents)),
    version: ltr(String(p.version ?? '')),
    from: p.from ? translatedValue(t, e.kind, p.from) : '',
    to: p.to ? translatedValue(t, e.kind, p.to) : '',
    variant: p.variant ? t(`activity.variants.${p.variant}`, { defaultValue: p.variant }) : '',
    ref: ltr(p.ref ?? ''),
    party: p.party ?? t('activity.someone'),
    date: p.date ? ltr(formatDate(p.date)) : '',
    text: p.text ?? '',
  };
  if (e.kind === 'project.updated' && p.text) {
    values.text = p.text
      .split(',')
      .map((field) => t(`projects.fields.${field}`, { defaultValue: field }))
      .join(' · ');
  }
  return t(`activity.kinds.${e.kind}`, values);
}

function translatedValue(t: TFunction, kind: ActivityKind, value: string): string {
  if (kind === 'project.state' || kind === 'project.created') return t(`projects.states.${value}`, { defaultValue: value });
  if (kind === 'project.stage') return t(`projects.stages.${value}`, { defaultValue: value });
  return value;
}
