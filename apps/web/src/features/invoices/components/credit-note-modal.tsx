import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@ouvrage/contracts';
import { QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { useIssueCreditNote } from '../api/credit-note';
import { formatEuros } from '../../../lib/format';

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
  const [whole, setWhole] = useState('all');
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const ready = reason.trim().length >= QUOTE_REASON_LIMITS.min && (whole === 'all' || (amount !== null && amount > 0 && amount <= left));
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.credit.title', { number: invoice.number })}>
      <Stack>
        <Text size="sm">{t('invoices.credit.left', { amount: formatEuros(left) })}</Text>
        <Radio.Group value={whole} onChange={setWhole} label={t('invoices.credit.scope')}>
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('invoices.credit.all')} data-testid="credit-all" />
            <Radio value="part" label={t('invoices.credit.part')} data-testid="credit-part" />
          </Stack>
        </Radio.Group>
        {whole === 'part' && <MoneyInput label={t('invoices.credit.amount')} value={amount} onChange={setAmount} data-testid="credit-amount" />}
        <Textarea
          label={t('invoices.credit.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          autosize
          minRows={2}
          maxLength={QUOTE_REASON_LIMITS.max}
          data-testid="credit-reason"
        />
        <ErrorAlert error={credit.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!ready}
            loading={credit.isPending}
            data-testid="credit-confirm"
            onClick={() =>
              credit.mutate(
                { amount_cents: whole === 'all' ? null : amount, reason: reason.trim() },
                {
                  onSuccess: (updated) => {
                    onDone(updated.credit_notes[updated.credit_notes.length - 1]?.number ?? '');
                    onClose();
                  },
                },
              )
            }
          >
            {t('invoices.credit.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
