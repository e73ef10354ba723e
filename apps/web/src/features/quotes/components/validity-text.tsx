import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '@ouvrage/domain';
import { formatDate } from '../../../lib/format';
import { daysLeft } from '../model/validity';

/** « Valable jusqu’au 22/11/2026 — expire dans 5 jours » while the client may still answer. */
export function ValidityText({ validUntil, status }: { validUntil: string | null; status: QuoteStatus }) {
  const { t } = useTranslation();
  if (!validUntil) return null;
  const left = daysLeft(validUntil);
  const open = status === 'Envoyé' && left !== null && left >= 0;
  return (
    <Text size="sm" data-testid="quote-validity">
      {t('quotes.detail.validUntil', { date: formatDate(validUntil) })}
      {open && (
        <Text span c={left <= 3 ? 'orange.8' : 'dimmed'} fw={left <= 3 ? 600 : undefined}>
          {' — '}
          {left === 0 ? t('quotes.detail.expiresToday') : left === 1 ? t('quotes.detail.expiresTomorrow') : t('quotes.detail.expiresIn', { days: left })}
        </Text>
      )}
    </Text>
  );
}
