import type { TFunction } from 'i18next';
import type { NotificationView } from '@ouvrage/contracts';
import { formatDate, formatEuros } from '../../../lib/format';

/** `amount` is in cents and `date` a calendar day: shown in the reader's formats; the rest as is. */
function shownParams(params: NotificationView['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      if (key === 'amount' && typeof value === 'number') return [key, formatEuros(value)];
      if (key === 'date' && typeof value === 'string') return [key, formatDate(value)];
      return [key, String(value)];
    }),
  );
}

/** A notification's title and sentence in the interface's language, from its kind and params. */
export function notificationText(t: TFunction, n: Pick<NotificationView, 'kind' | 'params'>): { title: string; body: string } {
  const values = { ...shownParams(n.params), interpolation: { escapeValue: false } };
  return { title: t(`notificationCentre.kinds.${n.kind}.title`, values), body: t(`notificationCentre.kinds.${n.kind}.body`, values) };
}
