/** French formats everywhere (DESIGN §6): 1 234,56 €, 22/11/2026, 06 12 34 56 78. */
const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const date = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatEuros(cents: number): string {
  return euro.format(cents / 100).replace(/\u202f|\u00a0/g, ' ');
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : date.format(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d).replace(' ', ' à ').replace(',', '');
}

export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10 && digits.startsWith('0')) return digits.replace(/(\d{2})(?=\d)/g, '$1 ').trim();
  if (digits.length === 11 && digits.startsWith('33')) return `+33 ${digits.slice(2).replace(/^(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4 $5')}`;
  return value;
}
