import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creditNoteBody, type InvoiceDetail } from '@ouvrage/contracts';
import { QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useIssueCreditNote } from '../api/credit-note';
import { formatEuros } from '../../../lib/format';

const SCHEMA = formSchema(creditNoteBody);

interface Values {
  whole: string;
  amount_cents: number | null;
  reason: string;
}

/** What is sent: no amount for the whole rest of the invoice, the reason trimmed. */
const toBody = (v: Values) => ({ amount_cents: v.whole === 'all' ? null : v.amount_cents, reason: v.reason.trim() });

/** A credit note cancelling the whole rest of the invoice or part of it, with a reason. */
export function CreditNoteModal({
  invoice,
  opened,
  onClose,
  onDone,
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  onClose: () => void;
  onDone: (number: string) => void;
}) {
  const { t } = useTranslation();
  const credit = useIssueCreditNote(invoice.id);
  const left = invoice.totals.total_ttc_cents - invoice.credited_cents;
  const form = useContractForm<Values>({ initialValues: { whole: 'all', amount_cents: null, reason: '' }, schema: SCHEMA, toBody, serverError: credit.error });
  const { whole, amount_cents: amount, reason } = form.getValues();
  const ready = reason.trim().length >= QUOTE_REASON_LIMITS.min && (whole === 'all' || (amount !== null && amount > 0 && amount <= left));
  const submit = form.onSubmit((values) =>
    credit.mutate(toBody(values), {
      onSuccess: (updated) => {
        onDone(updated.credit_notes[updated.credit_notes.length - 1]?.number ?? '');
        onClose();
      },
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.credit.title', { number: invoice.number })}>
      <Stack>
        <Text size="sm">{t('invoices.credit.left', { amount: formatEuros(left) })}</Text>
        <Radio.Group {...form.getInputProps('whole')} label={t('invoices.credit.scope')}>
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('invoices.credit.all')} data-testid="credit-all" />
            <Radio value="part" label={t('invoices.credit.part')} data-testid="credit-part" />
          </Stack>
        </Radio.Group>
        {whole === 'part' && <MoneyInput label={t('invoices.credit.amount')} {...form.getInputProps('amount_cents')} data-testid="credit-amount" />}
        <Textarea
          label={t('invoices.credit.reason')}
          {...form.getInputProps('reason')}
          required
          autosize
          minRows={2}
          maxLength={QUOTE_REASON_LIMITS.max}
          data-testid="credit-reason"
        />
        <ErrorAlert error={form.alertError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" disabled={!ready} loading={credit.isPending} data-testid="credit-confirm" onClick={() => submit()}>
            {t('invoices.credit.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
