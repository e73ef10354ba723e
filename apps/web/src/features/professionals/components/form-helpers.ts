import { notifications } from '@mantine/notifications';

/** '' for null in inputs, and back. */
export const str = (v: string | null | undefined) => v ?? '';
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function notifySaved(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
