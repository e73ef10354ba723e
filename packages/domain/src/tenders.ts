/** Tender (offre) states (DESIGN §4). */
export const TENDER_STATUSES = ['Disponible', 'Acceptée', 'Refusée', 'Expirée', 'Clôturée'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** Spec §4: a tender is available when its status is "Disponible" and its validation "1". */
export function isAvailableTender(t: { status: string; validation: string }): boolean {
  return t.status === 'Disponible' && t.validation === '1';
}
