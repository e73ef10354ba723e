import { notifications } from '@mantine/notifications';
import { centsToEuros as toEuros, parseEuros } from '@ouvrage/domain';

/** '' for null in inputs, and back. */
export const str = (v: string | null | undefined) => v ?? '';
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * Euros typed by the user (number or "1 234,56") → integer cents, by the domain's one rule; blank
 * → null. A negative amount is sent as it is, for the API to refuse with its rule: turning it into
 * « no amount » would change what the user typed without a word (issue 15).
 */
export function eurosToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || (typeof input === 'string' && !input.trim())) return null;
  const parsed = parseEuros(input, { allowNegative: true });
  return parsed.ok ? parsed.value : null;
}

/** Cents → the value of a numeric euro input ('' when none). */
export const centsToEuros = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : toEuros(cents));

export function notifySaved(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
