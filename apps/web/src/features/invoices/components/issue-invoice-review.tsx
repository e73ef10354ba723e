import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CitedEntry, QuoteDetail } from '@ouvrage/contracts';
import { formatPercent, type CalendarDate, type InvoiceDraft } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate, formatEuros, formatNumber } from '../../../lib/format';
import { ltr } from '../model/isolate';
import { Ltr } from '../../../components/ui/bdi';

/**
 * The last step before an invoice is issued (decision 1060): exactly what the API will issue —
 * the domain's draft, not a recomputation — its kind, each rate's base and TVA, the TTC, what the
 * client is asked to pay and the due date. Only here is the irreversible call made.
 */
export function IssueInvoiceReview({
  draft,
  quote,
  issueDate,
  dueDate,
  justifications = [],
  pending,
  error,
  onBack,
  onConfirm,
}: {
  draft: InvoiceDraft;
  quote: Pick<QuoteDetail, 'label' | 'lots'>;
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  /** The journal entries cited as its justification (decision 1232). */
  justifications?: CitedEntry[];
  pending: boolean;
  error: unknown;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="invoice-review">
      <Text fw={700} data-testid="invoice-review-kind">
        {t(`invoices.kinds.${draft.kind}`)} — {t('invoices.detail.onQuote', { quote: ltr(quote.label) })}
      </Text>
      {draft.depositPercentBp !== null && (
        <Text size="sm" data-testid="invoice-review-percent">
          {t('invoices.issue.reviewPercent', { percent: ltr(formatPercent(draft.depositPercentBp)) })}
        </Text>
      )}
      {draft.progressBp && (
        <Stack gap={2} data-testid="invoice-review-progress">
          {quote.lots.map((lot, i) => (
            <Text size="sm" key={lot.id}>
              {t('invoices.issue.reviewProgress', { lot: lot.title, percent: ltr(formatPercent(draft.progressBp?.[i] ?? 0)) })}
            </Text>
          ))}
        </Stack>
      )}
      <Table data-testid="invoice-review-rates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.issue.reviewRate')}</Table.Th>
            <Table.Th ta="end">{t('invoices.detail.totalHt')}</Table.Th>
            <Table.Th ta="end">{t('invoices.issue.tva')}</Table.Th>
            <Table.Th ta="end">{t('invoices.detail.totalTtc')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.byRate.map((r) => (
            <Table.Tr key={r.rateBp} data-testid={`invoice-review-rate-${r.rateBp}`}>
              <Table.Td>
                <Ltr>{formatPercent(r.rateBp)}</Ltr>
              </Table.Td>
              <Table.Td ta="end">
                <Ltr>{formatEuros(r.baseCents)}</Ltr>
              </Table.Td>
              <Table.Td ta="end">
                <Ltr>{formatEuros(r.tvaCents)}</Ltr>
              </Table.Td>
              <Table.Td ta="end">
                <Ltr>{formatEuros(r.baseCents + r.tvaCents)}</Ltr>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text fw={700}>{t('invoices.detail.totalTtc')}</Text>
        <Text fw={700} data-testid="invoice-review-ttc">
          <Ltr>{formatEuros(draft.totals.totalTtcCents)}</Ltr>
        </Text>
      </Group>
      {draft.retentionCents > 0 && (
        <Group justify="space-between">
          <Text size="sm">{t('invoices.issue.reviewAmountDue')}</Text>
          <Text size="sm" data-testid="invoice-review-due-amount">
            <Ltr>{formatEuros(draft.amountDueCents)}</Ltr>
          </Text>
        </Group>
      )}
      <Text size="sm" data-testid="invoice-review-dates">
        {t('invoices.detail.dates', { issued: ltr(formatDate(issueDate)), due: ltr(formatDate(dueDate)) })}
      </Text>
      {justifications.length > 0 && (
        <Text size="sm" data-testid="invoice-review-justifications">
          {t('invoices.issue.reviewJustifications', {
            entries: justifications.map((e) => t('invoices.issue.entryNumber', { number: ltr(formatNumber(e.number)) })).join(', '),
          })}
        </Text>
      )}
      <Alert color="blue" variant="light">
        {t('invoices.issue.final')}
      </Alert>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} data-testid="invoice-review-back">
          {t('invoices.issue.back')}
        </Button>
        <Button loading={pending} onClick={onConfirm} data-testid="invoice-confirm">
          {t('invoices.issue.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
