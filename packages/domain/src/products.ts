/** The trades (lots) a product belongs to, in the order the screens list them (issue 9). */
export const PRODUCT_LOTS = [
  'Gros œuvre',
  'Maçonnerie',
  'Charpente',
  'Couverture',
  'Plomberie',
  'Électricité',
  'Menuiserie',
  'Plâtrerie',
  'Peinture',
  'Revêtements de sol',
  'Chauffage et ventilation',
  'Terrassement',
  'Divers',
] as const;
export type ProductLot = (typeof PRODUCT_LOTS)[number];

/**
 * Each lot's code, for the screens to name it in the reader's language (`products.lots.<code>`,
 * decision 1206). The French name stays the stored value, the filter's value and the PDF's word.
 */
export const PRODUCT_LOT_CODES: Record<ProductLot, string> = {
  'Gros œuvre': 'grosOeuvre',
  Maçonnerie: 'maconnerie',
  Charpente: 'charpente',
  Couverture: 'couverture',
  Plomberie: 'plomberie',
  Électricité: 'electricite',
  Menuiserie: 'menuiserie',
  Plâtrerie: 'platrerie',
  Peinture: 'peinture',
  'Revêtements de sol': 'revetementsSol',
  'Chauffage et ventilation': 'chauffageVentilation',
  Terrassement: 'terrassement',
  Divers: 'divers',
};

export function isProductLot(value: unknown): value is ProductLot {
  return typeof value === 'string' && (PRODUCT_LOTS as readonly string[]).includes(value);
}
