import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentItem, PaymentStatus } from '@ouvrage/contracts';

/** One colour per status; the label carries the meaning, not the colour alone. */
const COLORS: Record<PaymentStatus, string> = { en_attente: 'orange', confirme: 'green', echoue: 'red', annule: 'gray' };

type Shown = 'expire' | 'prelevement_prevu' | 'prelevement_en_cours' | 'rejete' | PaymentStatus;

/**
 * A cancelled checkout that nobody finished in time reads « Expiré » (decision 1072); a SEPA debit
 * (decision 1223) reads « Prélèvement prévu » until its day, « Prélèvement en cours » while the
 * bank has it, « Rejeté » when the bank refused it.
 */
export function PaymentStatusBadge({
  status,
  failure,
  method,
  debitSubmitted,
}: {
  status: PaymentStatus;
  failure?: string | null;
  method?: PaymentItem['method'];
  debitSubmitted?: boolean;
}) {
  const { t } = useTranslation();
  const debit = method === 'prelevement';
  const shown: Shown =
    status === 'annule' && failure === 'expired'
      ? 'expire'
      : debit && status === 'en_attente'
        ? debitSubmitted
          ? 'prelevement_en_cours'
          : 'prelevement_prevu'
        : debit && status === 'echoue'
          ? 'rejete'
          : status;
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="payment-status" data-status={shown} style={{ textTransform: 'none', flexShrink: 0 }}>
      {shown === 'expire' ? t('payments.statuses.expired') : t(`payments.statuses.${shown}`)}
    </Badge>
  );
}
