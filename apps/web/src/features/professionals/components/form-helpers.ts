import { notifications } from '@mantine/notifications';

/** '' for null in inputs, and back. */
export const str = (v: string | null | undefined) => v ?? '';
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Euros typed by the user (number or "1 234,56") → integer cents; money never floats through the API. */
export function eurosToCents(value: number | string | null | undefined): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

export const centsToEuros = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : cents / 100);

export function notifySaved(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
