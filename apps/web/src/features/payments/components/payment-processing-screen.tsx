import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentOutcome } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { FullPage } from '../../../components/ui/full-page';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCurrentUser } from '../../../lib/auth';
import { formatEuros } from '../../../lib/format';
import { useAuthorizePayment } from '../api/authorize';
import { useCheckout } from '../api/checkout';
import { ltr } from '../model/isolate';

/** « Réessayer »: a new checkout for what is left on the same invoice. */
function RetryButton({ invoiceId, token }: { invoiceId: number; token?: string }) {
  const { t } = useTranslation();
  const checkout = useCheckout(invoiceId, token);
  return (
    <Stack gap="xs">
      <Button onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess} data-testid="payment-retry">
        {t('payments.processing.retry')}
      </Button>
      <ErrorAlert error={checkout.error} />
    </Stack>
  );
}

function Outcome({ outcome, token, interrupted, polling }: { outcome: PaymentOutcome; token?: string; interrupted: boolean; polling: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { payment } = outcome;
  const amount = ltr(formatEuros(payment.amount_cents));
  const number = ltr(payment.invoice_number);
  const links = user && (
    <Group gap="md">
      {user.user_type === 'client' && (
        <Anchor component={Link} to="/payment/list" data-testid="to-payment-list">
          {t('payments.processing.toList')}
        </Anchor>
      )}
      <Anchor component={Link} to={`/facture/${payment.invoice_id}`}>
        {t('payments.processing.toInvoice')}
      </Anchor>
    </Group>
  );
  if (payment.status === 'confirme') {
    return (
      <Stack data-testid="payment-outcome" data-outcome="confirme">
        <Alert color="green" title={t('payments.processing.succeeded')} role="status">
          {t('payments.processing.succeededText', { amount, number })}
        </Alert>
        <Text>
          {outcome.left_to_pay_cents > 0
            ? t('payments.processing.left', { amount: ltr(formatEuros(outcome.left_to_pay_cents)) })
            : t('payments.processing.paidInFull')}
        </Text>
        {links}
      </Stack>
    );
  }
  // A SEPA debit (decision 1223): the bank answers days later; a mail tells the outcome.
  if (payment.status === 'en_attente' && payment.method === 'prelevement') {
    return (
      <Stack data-testid="payment-outcome" data-outcome="prelevement_en_cours">
        <Alert color="blue" title={t('payments.processing.debitPending')} role="status">
          {t('payments.processing.debitPendingText', { amount, number })}
        </Alert>
        {links}
      </Stack>
    );
  }
  if (payment.status === 'en_attente') {
    return (
      <Stack data-testid="payment-outcome" data-outcome={interrupted ? 'interrompu' : 'en_attente'}>
        {interrupted ? (
          <Alert color="orange" title={t('payments.processing.interrupted')} role="status">
            {t('payments.processing.interruptedText', { number })}
          </Alert>
        ) : (
          <Alert color="blue" title={t('payments.processing.pending')} role="status">
            <Group gap="sm" wrap="nowrap">
              {polling && <Loader size="sm" />}
              <Text size="sm">{polling ? t('payments.processing.pendingText') : t('payments.processing.pendingLater')}</Text>
            </Group>
          </Alert>
        )}
        {interrupted && <RetryButton invoiceId={payment.invoice_id} token={token} />}
        {links}
      </Stack>
    );
  }
  const refund = payment.failure === 'over_due' || payment.failure === 'invoice_cancelled';
  return (
    <Stack data-testid="payment-outcome" data-outcome={payment.status}>
      <Alert
        color={refund ? 'orange' : 'red'}
        title={t(payment.status === 'annule' ? 'payments.processing.expired' : 'payments.processing.failed')}
        role="alert"
      >
        {refund
          ? t('payments.processing.refund', { amount, number })
          : t('payments.processing.failedText', {
              amount,
              number,
              reason: payment.failure ? t(`payments.failure.${payment.failure}`, { defaultValue: '' }) : '',
            })}
      </Alert>
      {!refund && outcome.left_to_pay_cents > 0 && <RetryButton invoiceId={payment.invoice_id} token={token} />}
      {links}
    </Stack>
  );
}

function Processing({ paymentId, token, interrupted }: { paymentId: number; token?: string; interrupted: boolean }) {
  const query = useAuthorizePayment(paymentId, token, { poll: !interrupted });
  // The API is read again every 3 s for about 30 s (see useAuthorizePayment), then the page says a mail will follow.
  const [startedAt] = useState(() => Date.now());
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  return (
    <Outcome
      outcome={query.data}
      token={token}
      interrupted={interrupted}
      polling={query.data.payment.status === 'en_attente' && query.data.payment.method !== 'prelevement' && query.dataUpdatedAt - startedAt < 27_000}
    />
  );
}

/** `/payment/traitement` (full page): back from the checkout, the payment's outcome — succeeded, pending, failed with a retry. */
export default function PaymentProcessingScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('paiement');
  const paymentId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  return (
    <FullPage width={520}>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('payments.processing.title')}
        </Title>
        {paymentId ? (
          <Processing paymentId={paymentId} token={params.get('t') ?? undefined} interrupted={params.get('retour') === 'annule'} />
        ) : (
          <Alert color="orange" role="alert">
            {t('payments.create.incomplete')}
          </Alert>
        )}
      </Stack>
    </FullPage>
  );
}
