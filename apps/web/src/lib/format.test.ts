import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// West of UTC (Martinique, UTC−4), where a date read as UTC midnight used to show the day before.
// Set before the module (and its Intl formatters) is loaded.
const previousZone = process.env.TZ;
process.env.TZ = 'America/Martinique';
let format: typeof import('./format');
beforeAll(async () => {
  format = await import('./format');
});
// A worker may run other files next: give it its zone back.
afterAll(() => {
  if (previousZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousZone;
});

describe('French formats in a browser west of UTC', () => {
  it('runs in Martinique time', () => {
    expect(new Date('2026-11-22T02:00:00Z').getHours()).toBe(22);
    // What the old formatDate did: the day before.
    expect(new Intl.DateTimeFormat('fr-FR').format(new Date('2026-11-22'))).toBe('21/11/2026');
  });

  it('shows a calendar date as that day', () => {
    expect(format.formatDate('2026-11-22')).toBe('22/11/2026');
    expect(format.formatDate('2027-01-01')).toBe('01/01/2027');
    expect(format.formatDate('')).toBe('');
    expect(format.formatDate('pas une date')).toBe('');
  });

  it('shows an instant in the browser’s zone', () => {
    expect(format.formatDate('2026-11-22T02:00:00Z')).toBe('21/11/2026');
    expect(format.formatDateTime('2026-11-22T02:00:00Z')).toBe('21/11/2026 à 22:00');
  });

  it('formats euros and phones with the domain’s rules', () => {
    expect(format.formatEuros(123_456)).toBe('1 234,56 €');
    expect(format.formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(format.formatPhone('0612345678')).toBe('06 12 34 56 78');
  });
});

describe('formats in English and Arabic (issue 15)', () => {
  afterAll(async () => {
    await (await import('i18next')).default.changeLanguage('fr');
  });

  it('has no French connector nor French amounts outside French', async () => {
    const i18n = (await import('i18next')).default;
    await i18n.init({ lng: 'en', resources: {} });
    expect(format.formatDateTime('2026-11-22T17:24:00Z')).toBe('22/11/2026, 13:24');
    expect(format.formatDate('2026-11-22')).toBe('22/11/2026');
    expect(format.formatEuros(123_456)).toBe('€1,234.56');
    await i18n.changeLanguage('ar');
    expect(format.formatDateTime('2026-11-22T17:24:00Z')).not.toMatch(/à/);
    expect(format.formatDateTime('2026-11-22T17:24:00Z')).toContain('13:24');
    expect(format.formatEuros(123_456)).toMatch(/1,234\.56/);
    // One date format in Arabic, isolated or not: no right-to-left marks between the figures (decision 1206).
    expect(format.formatDate('2027-03-31')).toBe('31/03/2027');
    expect(format.formatDate(new Date(2027, 2, 31, 12))).toBe('31/03/2027');
    expect(format.formatDateTime('2026-11-22T17:24:00Z')).not.toMatch(/[\u200e\u200f\u061c]/);
    await i18n.changeLanguage('fr');
    expect(format.formatDateTime('2026-11-22T02:00:00Z')).toBe('21/11/2026 à 22:00');
    expect(format.formatEuros(123_456)).toBe('1 234,56 €');
  });
});
