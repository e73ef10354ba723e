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

export function isProductLot(value: unknown): value is ProductLot {
  return typeof value === 'string' && (PRODUCT_LOTS as readonly string[]).includes(value);
}
