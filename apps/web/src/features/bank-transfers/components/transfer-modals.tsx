import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmTransferBody, declareTransferBody } from '@ouvrage/contracts';
import { systemClock, todayInParis } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm, type FormSchema } from '../../../lib/forms/use-contract-form';
import { useConfirmTransfer } from '../api/confirm-transfer';
import { useDeclareTransfer } from '../api/declare-transfer';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';

const DECLARE_SCHEMA = formSchema(declareTransferBody);
const CONFIRM_SCHEMA = formSchema(confirmTransferBody);

/**
 * The amount and the day typed (`declared_on` or `received_on`), with the contract's schema and the
 * API's own checks shown as the user types (> 0, ≤ what is left, not in the future); the submit
 * button waits until they hold.
 */
function useTransferForm<Day extends 'declared_on' | 'received_on'>({
  dayField,
  initialCents,
  leftCents,
  schema,
  toBody,
  serverError,
}: {
  dayField: Day;
  initialCents: number;
  leftCents: number;
  schema: FormSchema;
  toBody: (values: { amount_cents: number | null } & Record<Day, string>) => unknown;
  serverError: unknown;
}) {
  const { t } = useTranslation();
  const today = todayInParis(systemClock);
  type Values = { amount_cents: number | null } & Record<Day, string>;
  const checks = (v: Values) => {
    const amount = v.amount_cents;
    const day: string = v[dayField];
    return {
      amount_cents:
        amount === null
          ? null
          : amount <= 0
            ? t('bankTransfers.form.amountPositive')
            : amount > leftCents
              ? t('bankTransfers.form.amountOver', { left: ltr(formatEuros(leftCents)) })
              : null,
      [dayField]: day > today ? t('bankTransfers.form.dateFuture') : null,
    };
  };
  const form = useContractForm<Values>({
    initialValues: { amount_cents: initialCents > 0 ? initialCents : null, [dayField]: today } as Values,
    schema,
    rules: checks,
    toBody,
    serverError,
  });
  const values = form.getValues();
  const live = checks(values);
  const ready = values.amount_cents !== null && !live.amount_cents && /^\d{4}-\d{2}-\d{2}$/.test(values[dayField]) && !live[dayField];
  /** An input's props, the live check's message first. */
  const field = (path: 'amount_cents' | Day) => {
    const props = form.getInputProps(path);
    return { ...props, error: live[path] ?? props.error };
  };
  return { form, field, ready, today };
}

/** « J’ai effectué le virement »: the amount (what is left by default) and the day it was made. */
export function DeclareTransferModal({
  invoiceId,
  number,
  leftCents,
  opened,
  onClose,
  onDone,
}: {
  invoiceId: number;
  number: string;
  leftCents: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const declare = useDeclareTransfer(invoiceId);
  const { form, field, ready, today } = useTransferForm({
    dayField: 'declared_on',
    initialCents: leftCents,
    leftCents,
    schema: DECLARE_SCHEMA,
    toBody: (v) => v,
    serverError: declare.error,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('bankTransfers.declare.title', { number: ltr(number) })}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ amount_cents, declared_on }) => {
          if (!ready || amount_cents === null) return;
          declare.mutate({ amount_cents, declared_on }, { onSuccess: () => (onDone(), onClose()) });
        })}
      >
        <Stack>
          <Text size="sm">{t('bankTransfers.declare.help')}</Text>
          <MoneyInput label={t('bankTransfers.form.amount')} {...field('amount_cents')} required data-testid="declare-amount" />
          <TextInput type="date" label={t('bankTransfers.declare.date')} {...field('declared_on')} max={today} required data-testid="declare-date" />
          <ErrorAlert error={form.alertError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={declare.isPending} data-testid="declare-submit">
              {t('bankTransfers.declare.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The admin confirms the receipt of a transfer on an invoice: the client's declaration (amount
 * editable: what actually arrived), or a transfer received without one (`paymentId` null).
 */
export function ConfirmTransferModal({
  invoiceId,
  number,
  paymentId,
  amountCents,
  leftCents,
  opened,
  onClose,
  onDone,
}: {
  invoiceId: number;
  number: string;
  paymentId: number | null;
  amountCents: number;
  leftCents: number;
  opened: boolean;
  onClose: () => void;
  onDone: (status: string) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTransfer();
  const { form, field, ready, today } = useTransferForm({
    dayField: 'received_on',
    initialCents: Math.min(amountCents, leftCents),
    leftCents,
    schema: CONFIRM_SCHEMA,
    toBody: (v) => ({ payment_id: paymentId, ...v }),
    serverError: confirm.error,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('bankTransfers.confirm.title', { number: ltr(number) })}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ amount_cents, received_on }) => {
          if (!ready || amount_cents === null) return;
          confirm.mutate(
            { invoiceId, body: { payment_id: paymentId, amount_cents, received_on } },
            { onSuccess: (data) => (onDone(data.invoice_status), onClose()) },
          );
        })}
      >
        <Stack>
          <Text size="sm">
            {paymentId ? t('bankTransfers.confirm.declared', { amount: ltr(formatEuros(amountCents)) }) : t('bankTransfers.confirm.undeclared')}
          </Text>
          <Text size="sm">{t('bankTransfers.confirm.left', { amount: ltr(formatEuros(leftCents)) })}</Text>
          <MoneyInput label={t('bankTransfers.confirm.received')} {...field('amount_cents')} required data-testid="confirm-amount" />
          <TextInput type="date" label={t('bankTransfers.confirm.date')} {...field('received_on')} max={today} required data-testid="confirm-date" />
          <ErrorAlert error={form.alertError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="green" disabled={!ready} loading={confirm.isPending} data-testid="confirm-submit">
              {t('bankTransfers.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
