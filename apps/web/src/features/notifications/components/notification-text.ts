import type { TFunction } from 'i18next';
import type { NotificationView } from '@ouvrage/contracts';
import { isolate, ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';

/** `amount` is in cents and `date` a calendar day: shown in the reader's formats; a project's state or stage (stored in French) in the reader's language; the rest as is, isolated. */
function shownParams(t: TFunction, params: NotificationView['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      // Amounts and dates keep their left-to-right order inside an Arabic sentence; names and
      // reasons are isolated in their own direction (FSI … PDI), so « Raison : … » reads right.
      if (key === 'amount' && typeof value === 'number') return [key, ltr(formatEuros(value))];
      if (key === 'date' && typeof value === 'string') return [key, ltr(formatDate(value))];
      if (key === 'state' || key === 'stage') return [key, isolate(t(`projects.${key}s.${String(value)}`, { defaultValue: String(value) }))];
      return [key, isolate(String(value))];
    }),
  );
}

/** A notification's title and sentence in the interface's language, from its kind and params. */
export function notificationText(t: TFunction, n: Pick<NotificationView, 'kind' | 'params'>): { title: string; body: string } {
  const values: Record<string, unknown> = { ...shownParams(t, n.params), interpolation: { escapeValue: false } };
  // A document named by its kind and label (a réception's PV, issue 36 §4), in the reader's language.
  if (typeof n.params.title_kind === 'string')
    values.title = isolate(t(`documentTitles.${n.params.title_kind}`, { label: n.params.label, defaultValue: String(n.params.label ?? '') }));
  return { title: t(`notificationKinds.${n.kind}.title`, values), body: t(`notificationKinds.${n.kind}.body`, values) };
}
