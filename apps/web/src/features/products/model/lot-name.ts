import type { TFunction } from 'i18next';
import { PRODUCT_LOT_CODES, isProductLot } from '@ouvrage/domain';

/**
 * A product's lot in the reader's language (« Plomberie », "Plumbing", « السباكة », decision 1206).
 * The French name stays the stored and filtered value; a name outside the domain's list shows as is.
 */
export function lotName(t: TFunction, lot: string): string {
  return isProductLot(lot) ? t(`products.lots.${PRODUCT_LOT_CODES[lot]}`) : lot;
}
