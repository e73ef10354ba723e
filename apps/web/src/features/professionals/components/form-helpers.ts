import { notifications } from '@mantine/notifications';
import { centsToEuros as toEuros, eurosToCents } from '@ouvrage/domain';

/** '' for null in inputs, and back. */
export const str = (v: string | null | undefined) => v ?? '';
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Euros typed by the user (number or "1 234,56") → integer cents, by the domain's one rule; blank → null. */
export { eurosToCents };

/** Cents → the value of a numeric euro input ('' when none). */
export const centsToEuros = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : toEuros(cents));

export function notifySaved(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
