import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIMULATED_CARDS, simulatedCardBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { FullPage } from '../../../components/ui/full-page';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatEuros } from '../../../lib/format';
import { invoiceName } from '../../../lib/invoice-name';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useAuthorizePayment } from '../api/authorize';
import { useCheckout } from '../api/checkout';
import { useInvoicePayments } from '../api/invoice-payments';
import { usePaySimulatedCard } from '../api/simulated-card';
import { ltr } from '../model/isolate';
import { Ltr } from '../../../components/ui/bdi';
import { SimulatedSepaForm } from './simulated-sepa-form';

const CARD_SCHEMA = formSchema(simulatedCardBody);

const positiveId = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);
const processingUrl = (paymentId: number, token?: string) => `/payment/traitement?paiement=${paymentId}${token ? `&t=${encodeURIComponent(token)}` : ''}`;

/** A refusal that means « log in or use the link you were sent ». */
function NeedsAccess({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <Stack gap="sm">
      <ErrorAlert error={error} />
      {(status === 401 || status === 403) && !user && (
        <Anchor component={Link} to="/login">
          {t('payments.create.login')}
        </Anchor>
      )}
    </Stack>
  );
}

/** `?facture=…&t=…`: the invoice to pay, and « Payer … par carte ». */
function InvoiceCheckout({ invoiceId, token }: { invoiceId: number; token?: string }) {
  const { t } = useTranslation();
  const query = useInvoicePayments(invoiceId, token);
  const checkout = useCheckout(invoiceId, token);
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <NeedsAccess error={query.error} />;
  const info = query.data;
  return (
    <Stack gap="md" data-testid="invoice-checkout">
      <Title order={1} size="h3">
        {t('payments.create.title', { number: ltr(info.number) })}
      </Title>
      <Text style={{ overflowWrap: 'anywhere' }} data-testid="checkout-invoice-name">
        {invoiceName(t, info)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('payments.create.issuer', { name: info.issuer_name, date: ltr(formatDate(info.due_date)) })}
      </Text>
      <Group justify="space-between">
        <Text fw={600}>{t('payments.create.left')}</Text>
        <Text fw={700} size="xl" data-testid="checkout-left">
          <Ltr>{formatEuros(info.left_to_pay_cents)}</Ltr>
        </Text>
      </Group>
      {info.can_pay ? (
        <Button size="md" onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess} data-testid="start-checkout">
          {t('payments.create.pay', { amount: ltr(formatEuros(info.left_to_pay_cents)) })}
        </Button>
      ) : (
        <Alert color={info.left_to_pay_cents === 0 ? 'green' : 'gray'} role="status">
          {info.left_to_pay_cents === 0 ? t('payments.create.nothingLeft') : t('payments.create.cannotPay')}
        </Alert>
      )}
      <ErrorAlert error={checkout.error} />
    </Stack>
  );
}

/** `?paiement=…&t=…`: the built-in simulated checkout, where a test card is typed, or a SEPA mandate accepted (decision 1223). */
function SimulatedCheckout({ paymentId, token }: { paymentId: number; token?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [method, setMethod] = useState<'carte' | 'prelevement'>('carte');
  const outcome = useAuthorizePayment(paymentId, token);
  const pay = usePaySimulatedCard(paymentId);
  const form = useContractForm({
    initialValues: { card_number: '', expiry: '', cvc: '' },
    schema: CARD_SCHEMA,
    toBody: (card) => ({ ...card, token }),
    serverError: pay.error,
  });
  if (outcome.isPending) return <ScreenLoader />;
  if (outcome.error || !outcome.data) return <NeedsAccess error={outcome.error} />;
  const { payment } = outcome.data;
  const submit = form.onSubmit((card) => pay.mutate({ ...card, token }, { onSuccess: () => navigate(processingUrl(paymentId, token)) }));
  if (payment.status !== 'en_attente') {
    return (
      <Stack>
        <Alert role="status" data-testid="checkout-over">
          {payment.status === 'annule' && payment.failure === 'expired' ? t('payments.create.expired') : t('payments.create.over')}
        </Alert>
        <Button component={Link} to={processingUrl(paymentId, token)} variant="light">
          {t('payments.create.seeOutcome')}
        </Button>
      </Stack>
    );
  }
  const header = (
    <>
      <Title order={1} size="h3">
        {t('payments.simulated.title')}
      </Title>
      <Group justify="space-between">
        <Text>{t('payments.simulated.invoice', { number: ltr(payment.invoice_number) })}</Text>
        <Text fw={700} size="xl" data-testid="simulated-amount">
          <Ltr>{formatEuros(payment.amount_cents)}</Ltr>
        </Text>
      </Group>
      <SegmentedControl
        fullWidth
        value={method}
        onChange={(value) => setMethod(value as 'carte' | 'prelevement')}
        data={[
          { value: 'carte', label: t('payments.simulated.byCard') },
          { value: 'prelevement', label: t('payments.simulated.bySepa') },
        ]}
        data-testid="checkout-method"
      />
    </>
  );
  if (method === 'prelevement') {
    return (
      <Stack gap="md" data-testid="simulated-checkout">
        {header}
        <SimulatedSepaForm payment={payment} token={token} onDone={() => navigate(processingUrl(paymentId, token))} />
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="simulated-checkout">
      <Stack gap="md">
        {header}
        <Alert color="blue" variant="light" title={t('payments.simulated.testTitle')}>
          <Text size="sm">{t('payments.simulated.testIntro')}</Text>
          <Text size="sm">
            {t('payments.simulated.succeeds')} <span dir="ltr">{SIMULATED_CARDS.succeeds}</span>
          </Text>
          <Text size="sm">
            {t('payments.simulated.declined')} <span dir="ltr">{SIMULATED_CARDS.declined}</span>
          </Text>
        </Alert>
        <TextInput
          label={t('payments.simulated.number')}
          name="card_number"
          autoComplete="cc-number"
          inputMode="numeric"
          dir="ltr"
          required
          maxLength={23}
          {...form.getInputProps('card_number')}
          data-testid="card-number"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('payments.simulated.expiry')}
            placeholder={t('payments.simulated.expiryPlaceholder')}
            name="expiry"
            autoComplete="cc-exp"
            dir="ltr"
            required
            maxLength={7}
            {...form.getInputProps('expiry')}
            data-testid="card-expiry"
          />
          <TextInput
            label={t('payments.simulated.cvc')}
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            dir="ltr"
            required
            maxLength={4}
            {...form.getInputProps('cvc')}
            data-testid="card-cvc"
          />
        </Group>
        <ErrorAlert error={form.alertError} />
        <Button type="submit" size="md" loading={pay.isPending} data-testid="card-submit">
          {t('payments.simulated.submit', { amount: ltr(formatEuros(payment.amount_cents)) })}
        </Button>
      </Stack>
    </form>
  );
}

/** `/payment/create` (full page, reachable without a session): pay an invoice by card (decision 0730). */
export default function PaymentCreateScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? undefined;
  const paymentId = positiveId(params.get('paiement'));
  const invoiceId = positiveId(params.get('facture'));
  return (
    <FullPage width={520}>
      {paymentId ? (
        <SimulatedCheckout paymentId={paymentId} token={token} />
      ) : invoiceId ? (
        <InvoiceCheckout invoiceId={invoiceId} token={token} />
      ) : (
        <Alert color="orange" role="alert">
          {t('payments.create.incomplete')}
        </Alert>
      )}
    </FullPage>
  );
}
