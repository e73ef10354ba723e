import { Alert, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIMULATED_IBANS, simulatedSepaBody, type PaymentItem } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatEuros } from '../../../lib/format';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useInvoicePayments } from '../api/invoice-payments';
import { usePaySimulatedSepa } from '../api/simulated-sepa';
import { ltr } from '../model/isolate';

const SEPA_SCHEMA = formSchema(simulatedSepaBody.omit({ accept_mandate: true }));

/**
 * The simulated checkout's « Prélèvement SEPA » (decision 1223): the creditor, its identifier (ICS)
 * and the mandate reference (RUM) shown, the account holder and IBAN typed (checked by mod 97 on the
 * server, the refusal on its field), the mandate text accepted. With the contract's active mandate,
 * the debit is taken under it. The debit then stays « en cours » until the bank answers.
 */
export function SimulatedSepaForm({ payment, token, onDone }: { payment: PaymentItem; token?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const offer = useInvoicePayments(payment.invoice_id, token);
  const pay = usePaySimulatedSepa(payment.id);
  const [accepted, setAccepted] = useState(false);
  const form = useContractForm({
    initialValues: { holder_name: '', iban: '' },
    schema: SEPA_SCHEMA,
    toBody: (v) => ({ ...v, token }),
    serverError: pay.error,
  });
  if (offer.isPending) return <ScreenLoader />;
  if (offer.error || !offer.data) return <ErrorAlert error={offer.error} />;
  const sepa = offer.data.sepa;
  const active = sepa.mandate?.status === 'active' ? sepa.mandate : null;
  const amount = ltr(formatEuros(payment.amount_cents));
  const submit = form.onSubmit((values) =>
    pay.mutate(active ? { token, accept_mandate: true } : { ...values, token, accept_mandate: true }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="sepa-form">
      <Stack gap="md">
        <Stack gap={2} data-testid="sepa-creditor">
          <Text size="sm">{t('payments.sepa.creditor', { name: sepa.creditor_name })}</Text>
          <Text size="sm">
            {t('payments.sepa.creditorId')} <span dir="ltr">{sepa.creditor_id}</span>
          </Text>
          <Text size="sm">
            {t('payments.sepa.reference')}{' '}
            <span dir="ltr" data-testid="sepa-reference">
              {active?.reference ?? sepa.next_reference}
            </span>
          </Text>
        </Stack>
        {active ? (
          <Alert color="blue" variant="light" data-testid="sepa-existing">
            {t('payments.sepa.existing', { last4: ltr(active.iban_last4), name: active.holder_name })}
          </Alert>
        ) : (
          <>
            <Alert color="blue" variant="light" title={t('payments.simulated.testTitle')}>
              <Text size="sm">{t('payments.sepa.testIntro')}</Text>
              <Text size="sm">
                {t('payments.sepa.succeeds')} <span dir="ltr">{SIMULATED_IBANS.succeeds}</span>
              </Text>
              <Text size="sm">
                {t('payments.sepa.insufficientFunds')} <span dir="ltr">{SIMULATED_IBANS.insufficientFunds}</span>
              </Text>
            </Alert>
            <TextInput
              label={t('payments.sepa.holder')}
              name="holder_name"
              autoComplete="name"
              required
              maxLength={70}
              {...form.getInputProps('holder_name')}
              data-testid="sepa-holder"
            />
            <TextInput label={t('payments.sepa.iban')} name="iban" dir="ltr" required maxLength={42} {...form.getInputProps('iban')} data-testid="sepa-iban" />
          </>
        )}
        <Text size="xs" c="dimmed" data-testid="sepa-mandate-text">
          {t('payments.sepa.mandateText', { creditor: sepa.creditor_name })}
        </Text>
        <Checkbox
          checked={accepted}
          onChange={(e) => setAccepted(e.currentTarget.checked)}
          label={t('payments.sepa.accept', { amount })}
          data-testid="sepa-accept"
        />
        <ErrorAlert error={form.alertError} />
        <Button type="submit" size="md" disabled={!accepted} loading={pay.isPending} data-testid="sepa-submit">
          {t('payments.sepa.submit', { amount })}
        </Button>
      </Stack>
    </form>
  );
}
