import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@ouvrage/contracts';

/** One colour per status; the label carries the meaning, not the colour alone. */
const COLORS: Record<PaymentStatus, string> = { en_attente: 'orange', confirme: 'green', echoue: 'red', annule: 'gray' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="payment-status" data-status={status} style={{ textTransform: 'none', flexShrink: 0 }}>
      {t(`payments.statuses.${status}`)}
    </Badge>
  );
}
