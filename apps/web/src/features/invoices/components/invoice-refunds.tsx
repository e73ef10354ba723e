import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { refundBody, type InvoiceDetail } from '@ouvrage/contracts';
import { calendarDateAt } from '@ouvrage/domain';
import { DateField } from '../../../components/ui/date-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { SectionCard } from '../../../components/ui/section-card';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { formatDate, formatEuros } from '../../../lib/format';
import { useRecordRefund } from '../api/refund';
import { ltr } from '../model/isolate';
import { Ltr } from '../../../components/ui/bdi';

const REFUND_SCHEMA = formSchema(refundBody);

/** « Enregistrer le remboursement »: the amount refunded (at most what is owed) and the day it was made (not in the future). */
function RefundModal({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordRefund(invoice.id);
  const today = calendarDateAt(new Date());
  // Checked as the user types, as the API checks them; the button waits until they hold.
  const checks = (v: { amount_cents: number | null; refunded_on: string }) => ({
    amount_cents:
      v.amount_cents !== null && (v.amount_cents <= 0 || v.amount_cents > invoice.refund_owed_cents)
        ? t('errors.INVOICE_REFUND_OVER', { owed: formatEuros(invoice.refund_owed_cents) })
        : null,
    refunded_on: v.refunded_on > today ? t('invoices.refund.future') : null,
  });
  const form = useContractForm({
    initialValues: { amount_cents: invoice.refund_owed_cents as number | null, refunded_on: today },
    schema: REFUND_SCHEMA,
    rules: checks,
    serverError: record.error,
  });
  const values = form.getValues();
  const live = checks(values);
  const ready = values.amount_cents !== null && !live.amount_cents && !!values.refunded_on && !live.refunded_on;
  const field = (path: 'amount_cents' | 'refunded_on') => {
    const props = form.getInputProps(path);
    return { ...props, error: live[path] ?? props.error };
  };
  const submit = form.onSubmit(({ amount_cents, refunded_on }) => {
    if (amount_cents !== null) record.mutate({ amount_cents, refunded_on }, { onSuccess: onClose });
  });
  return (
    <Modal opened onClose={onClose} title={t('invoices.refund.title', { number: invoice.number })}>
      <Stack>
        <Text size="sm">{t('invoices.refund.owed', { amount: ltr(formatEuros(invoice.refund_owed_cents)) })}</Text>
        <MoneyInput label={t('invoices.refund.amount')} {...field('amount_cents')} data-testid="refund-amount" />
        <DateField label={t('invoices.refund.date')} {...field('refunded_on')} required data-testid="refund-date" />
        <ErrorAlert error={form.alertError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!ready} loading={record.isPending} data-testid="refund-confirm" onClick={() => submit()}>
            {t('invoices.refund.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A credit note on a paid invoice (decision 1062): the refund owed to the client, shown to both
 * sides, the refunds recorded, and « Enregistrer le remboursement » for the issuer.
 */
export function InvoiceRefunds({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  if (invoice.refund_owed_cents === 0 && invoice.refunds.length === 0) return null;
  return (
    <SectionCard title={t('invoices.refund.section')} testId="invoice-refunds">
      <Stack gap="sm">
        {invoice.refund_owed_cents > 0 && (
          <Alert color="orange" data-testid="invoice-refund-owed">
            <Group justify="space-between" align="center">
              <Text size="sm">{t('invoices.refund.owedLine', { amount: ltr(formatEuros(invoice.refund_owed_cents)) })}</Text>
              {invoice.can.refund && (
                <Button size="compact-sm" onClick={() => setRecording(true)} data-testid="invoice-refund-open">
                  {t('invoices.refund.open')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {invoice.refunds.length > 0 && (
          <Table data-testid="invoice-refund-list">
            <Table.Tbody>
              {invoice.refunds.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{t('invoices.refund.made', { date: ltr(formatDate(r.refunded_on)) })}</Table.Td>
                  <Table.Td ta="end">
                    <Ltr>{formatEuros(r.amount_cents)}</Ltr>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {recording && <RefundModal invoice={invoice} onClose={() => setRecording(false)} />}
    </SectionCard>
  );
}
