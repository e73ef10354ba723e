import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@ouvrage/contracts';

/** One colour per status; the label carries the meaning, not the colour alone. */
const COLORS: Record<PaymentStatus, string> = { en_attente: 'orange', confirme: 'green', echoue: 'red', annule: 'gray' };

/** A cancelled checkout that nobody finished in time reads « Expiré » (decision 1072). */
export function PaymentStatusBadge({ status, failure }: { status: PaymentStatus; failure?: string | null }) {
  const { t } = useTranslation();
  const expired = status === 'annule' && failure === 'expired';
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      data-testid="payment-status"
      data-status={expired ? 'expire' : status}
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {expired ? t('payments.statuses.expired') : t(`payments.statuses.${status}`)}
    </Badge>
  );
}
