import type { TFunction } from 'i18next';

/**
 * A quote line's or product's unit as a table shows it, in the reader's language: the symbols stay
 * (u, m², ml, h), the words are translated (« forfait » → « lump sum », « مبلغ جزافي »). A unit the
 * list does not know is shown as stored.
 */
export function shortUnit(t: TFunction, unit: string): string {
  return t(`products.unitsShort.${unit}`, { defaultValue: unit });
}
