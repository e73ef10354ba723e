import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { systemClock, todayInParis } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { fieldErrors } from '../../../lib/use-error-message';
import { useConfirmTransfer } from '../api/confirm-transfer';
import { useDeclareTransfer } from '../api/declare-transfer';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';

/** The amount and date typed, checked as the API checks them (> 0, ≤ what is left, not in the future). */
function useAmountAndDate(initialCents: number, leftCents: number) {
  const { t } = useTranslation();
  const today = todayInParis(systemClock);
  const [amount, setAmount] = useState<number | null>(initialCents > 0 ? initialCents : null);
  const [day, setDay] = useState<string>(today);
  const amountError =
    amount === null
      ? null
      : amount <= 0
        ? t('bankTransfers.form.amountPositive')
        : amount > leftCents
          ? t('bankTransfers.form.amountOver', { left: ltr(formatEuros(leftCents)) })
          : null;
  const dayError = day > today ? t('bankTransfers.form.dateFuture') : null;
  const ready = amount !== null && !amountError && /^\d{4}-\d{2}-\d{2}$/.test(day) && !dayError;
  return { amount, setAmount, day, setDay, amountError, dayError, ready, today };
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
  const { t, i18n } = useTranslation();
  const declare = useDeclareTransfer(invoiceId);
  const form = useAmountAndDate(leftCents, leftCents);
  const server = fieldErrors(declare.error, i18n);
  return (
    <Modal opened={opened} onClose={onClose} title={t('bankTransfers.declare.title', { number: ltr(number) })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.ready) return;
          declare.mutate({ amount_cents: form.amount!, declared_on: form.day }, { onSuccess: () => (onDone(), onClose()) });
        }}
      >
        <Stack>
          <Text size="sm">{t('bankTransfers.declare.help')}</Text>
          <MoneyInput
            label={t('bankTransfers.form.amount')}
            value={form.amount}
            onChange={form.setAmount}
            error={form.amountError ?? server.amount_cents}
            required
            data-testid="declare-amount"
          />
          <TextInput
            type="date"
            label={t('bankTransfers.declare.date')}
            value={form.day}
            max={form.today}
            onChange={(e) => form.setDay(e.currentTarget.value)}
            error={form.dayError ?? server.declared_on}
            required
            data-testid="declare-date"
          />
          <ErrorAlert error={declare.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!form.ready} loading={declare.isPending} data-testid="declare-submit">
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
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTransfer();
  const form = useAmountAndDate(Math.min(amountCents, leftCents), leftCents);
  const server = fieldErrors(confirm.error, i18n);
  return (
    <Modal opened={opened} onClose={onClose} title={t('bankTransfers.confirm.title', { number: ltr(number) })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.ready) return;
          confirm.mutate(
            { invoiceId, body: { payment_id: paymentId, amount_cents: form.amount!, received_on: form.day } },
            { onSuccess: (data) => (onDone(data.invoice_status), onClose()) },
          );
        }}
      >
        <Stack>
          <Text size="sm">
            {paymentId ? t('bankTransfers.confirm.declared', { amount: ltr(formatEuros(amountCents)) }) : t('bankTransfers.confirm.undeclared')}
          </Text>
          <Text size="sm">{t('bankTransfers.confirm.left', { amount: ltr(formatEuros(leftCents)) })}</Text>
          <MoneyInput
            label={t('bankTransfers.confirm.received')}
            value={form.amount}
            onChange={form.setAmount}
            error={form.amountError ?? server.amount_cents}
            required
            data-testid="confirm-amount"
          />
          <TextInput
            type="date"
            label={t('bankTransfers.confirm.date')}
            value={form.day}
            max={form.today}
            onChange={(e) => form.setDay(e.currentTarget.value)}
            error={form.dayError ?? server.received_on}
            required
            data-testid="confirm-date"
          />
          <ErrorAlert error={confirm.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="green" disabled={!form.ready} loading={confirm.isPending} data-testid="confirm-submit">
              {t('bankTransfers.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
