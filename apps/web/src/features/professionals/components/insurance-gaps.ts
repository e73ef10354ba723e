import type { TFunction } from 'i18next';
import type { InsuranceGap } from '@ouvrage/domain';

/**
 * An insurance item entered in part says what it still lacks (« Assurance décennale : attestation à
 * déposer »), not just that it is to complete (issue 36 §6). Null when there is nothing to say beyond
 * the item's own label (done, or nothing entered at all). Used by the professional's checklist on
 * /entreprise and by the dashboard's widget, so both say the same.
 */
export function insuranceGapsLabel(item: { key: string; gaps?: readonly InsuranceGap[] }, t: TFunction): string | null {
  const gaps = (item.gaps ?? []).filter((gap) => gap !== 'missing');
  if (!gaps.length) return null;
  return t('professionals.insuranceGaps.intro', {
    item: t(`professionals.insuranceGaps.insurance.${item.key}`),
    gaps: gaps.map((gap) => t(`professionals.insuranceGaps.parts.${gap}`)).join(t('professionals.insuranceGaps.separator')),
  });
}
