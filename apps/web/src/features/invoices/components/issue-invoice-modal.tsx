import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CitedEntry, QuoteDetail, QuoteInvoicing } from '@ouvrage/contracts';
import {
  addDays,
  calendarDate,
  calendarDateAt,
  DEFAULT_PAYMENT_DELAY_DAYS,
  isCalendarDate,
  servicePeriodOf,
  formatPercent,
  FULL_PERCENT_BP,
  INVOICE_KINDS,
  MAX_PAYMENT_DELAY_DAYS,
  paymentDelayRefusal,
  type InvoiceKind,
  type InvoiceRequest,
} from '@ouvrage/domain';
import { MoneyInput } from '../../../components/ui/money-input';
import { JournalEntriesPicker } from '../../site-log';
import { formatDate, formatEuros } from '../../../lib/format';
import { useIssueInvoice } from '../api/issue-invoice';
import { ltr } from '../model/isolate';
import { contractLotTitles, lastProgress, nextInvoice } from '../model/next-invoice';
import { IssueInvoiceReview } from './issue-invoice-review';
import { Ltr } from '../../../components/ui/bdi';

/** Percent typed as a number (30, 12.5) → basis points. */
const toBp = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null);

/** Days typed: a whole number, else NaN (refused, never replaced by a default). */
const toDays = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN);

/**
 * « Émettre une facture » on a validated quote: deposit (percentage or amount), progress
 * statement (cumulative % per lot) or balance, with the amounts computed live by the domain code
 * the API uses, the refusals it would answer, and a confirmation that an invoice is final.
 * Out-of-range input is refused with its message, never clamped (decision 1060): the inputs do
 * not correct on blur, and « Vérifier » leads to a review of exactly what will be issued before
 * the irreversible call.
 */
export function IssueInvoiceModal({
  quote,
  invoicing,
  opened,
  onClose,
}: {
  quote: QuoteDetail;
  invoicing: QuoteInvoicing;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const issue = useIssueInvoice();
  // After a balance, what is left can only be what an avoir took back: invoiced again as a balance (decision 1062).
  const [kind, setKind] = useState<InvoiceKind>(
    invoicing.invoices.some((i) => i.kind === 'solde') ? 'solde' : invoicing.invoices.length ? 'situation' : 'acompte',
  );
  const [mode, setMode] = useState<'percent' | 'amount'>('percent');
  const [percent, setPercent] = useState<number | string>(quote.deposit_bp ? quote.deposit_bp / 100 : 30);
  const [amount, setAmount] = useState<number | null>(null);
  const before = lastProgress(quote, invoicing);
  const [progress, setProgress] = useState<Array<number | string>>(before.map((bp) => bp / 100));
  const [delay, setDelay] = useState<number | string>(DEFAULT_PAYMENT_DELAY_DAYS);
  const [reviewing, setReviewing] = useState(false);
  // The date or period of the works billed (decision 1050): left empty, the API takes the day after the previous period up to today.
  const [serviceFrom, setServiceFrom] = useState('');
  const [serviceTo, setServiceTo] = useState('');
  // Entries of the project's journal de chantier justifying the invoice (decision 1232), frozen with it.
  const [justifications, setJustifications] = useState<CitedEntry[]>([]);

  let request: InvoiceRequest;
  if (kind === 'acompte') request = mode === 'percent' ? { kind, percentBp: toBp(percent) ?? 0 } : { kind, amountCents: amount ?? 0 };
  else if (kind === 'situation') request = { kind, progressBp: progress.map((p) => toBp(p) ?? -1) };
  else request = { kind };
  const result = nextInvoice(quote, invoicing, request);
  const delayDays = toDays(delay);
  const delayRefusal = paymentDelayRefusal(delayDays);
  const delayError = delayRefusal ? t(`errors.${delayRefusal.code}`, { ...delayRefusal.params, defaultValue: delayRefusal.message }) : null;
  const refusalText = result.ok ? null : t(`errors.${result.refusal.code}`, { ...result.refusal.params, defaultValue: result.refusal.message });
  const fieldError = (code: string) => (!result.ok && result.refusal.code === code ? refusalText : null);
  const issueDate = calendarDateAt(new Date());
  const day = (v: string) => (isCalendarDate(v) ? calendarDate(v) : null);
  const period = servicePeriodOf({ kind, from: day(serviceFrom), to: day(serviceTo), issueDate, previousEnd: null, contractDay: null });
  const periodError = period.ok ? null : t(`errors.${period.refusal.code}`, { ...period.refusal.params, defaultValue: period.refusal.message });

  if (reviewing && result.ok && !delayRefusal && period.ok) {
    return (
      <Modal opened={opened} onClose={onClose} title={t('invoices.issue.reviewTitle', { quote: quote.label })} size="lg">
        <IssueInvoiceReview
          draft={result.draft}
          quote={quote}
          issueDate={issueDate}
          dueDate={addDays(issueDate, delayDays)}
          justifications={justifications}
          pending={issue.isPending}
          error={issue.error}
          onBack={() => setReviewing(false)}
          onConfirm={() =>
            issue.mutate(
              {
                quote_id: quote.id,
                kind,
                percent_bp: kind === 'acompte' && mode === 'percent' ? toBp(percent) : null,
                amount_cents: kind === 'acompte' && mode === 'amount' ? amount : null,
                progress_bp: kind === 'situation' ? result.draft.progressBp : null,
                payment_delay_days: delayDays,
                service_from: day(serviceFrom),
                service_to: day(serviceTo),
                site_log_entry_ids: justifications.map((e) => e.entry_id),
              },
              { onSuccess: (invoice) => navigate(`/facture/${invoice.id}`) },
            )
          }
        />
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.issue.title', { quote: quote.label })} size="lg">
      <Stack>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as InvoiceKind)}
          data={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoices.kinds.${k}`) }))}
          data-testid="invoice-kind"
          fullWidth
        />
        {kind === 'acompte' && (
          <Group align="flex-end">
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'percent' | 'amount')}
              data={[
                { value: 'percent', label: t('invoices.issue.byPercent') },
                { value: 'amount', label: t('invoices.issue.byAmount') },
              ]}
            />
            {mode === 'percent' ? (
              <NumberInput
                label={t('invoices.issue.percent')}
                value={percent}
                onChange={setPercent}
                min={0.01}
                max={100}
                clampBehavior="none"
                decimalScale={2}
                suffix=" %"
                error={fieldError('INVOICE_DEPOSIT_PERCENT_INVALID')}
                data-testid="invoice-percent"
                w={160}
              />
            ) : (
              <MoneyInput label={t('invoices.issue.amount')} value={amount} onChange={setAmount} data-testid="invoice-amount" w={200} />
            )}
          </Group>
        )}
        {kind === 'situation' && (
          <Stack gap="xs">
            <Text size="sm">{t('invoices.issue.progressHint')}</Text>
            {contractLotTitles(quote, invoicing).map((title, i) => (
              <Group key={i} justify="space-between" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {title}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {t('invoices.issue.previously', { percent: ltr(formatPercent(before[i] ?? 0)) })}
                  </Text>
                </Text>
                <NumberInput
                  aria-label={t('invoices.issue.progressOf', { lot: title })}
                  value={progress[i]}
                  onChange={(v) => setProgress((p) => p.map((x, j) => (j === i ? v : x)))}
                  min={(before[i] ?? 0) / 100}
                  max={100}
                  clampBehavior="none"
                  decimalScale={2}
                  error={(() => {
                    const bp = toBp(progress[i]);
                    return bp === null || bp < 0 || bp > FULL_PERCENT_BP ? t('errors.INVOICE_PROGRESS_INVALID') : null;
                  })()}
                  suffix=" %"
                  w={130}
                  data-testid={`invoice-progress-${i}`}
                />
              </Group>
            ))}
          </Stack>
        )}
        <NumberInput
          label={t('invoices.issue.delay')}
          value={delay}
          onChange={setDelay}
          min={0}
          max={MAX_PAYMENT_DELAY_DAYS}
          clampBehavior="none"
          allowDecimal={false}
          error={delayError}
          w={220}
          data-testid="invoice-delay"
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('invoices.issue.serviceFrom')}
            value={serviceFrom}
            onChange={(e) => setServiceFrom(e.currentTarget.value)}
            data-testid="invoice-service-from"
          />
          <TextInput
            type="date"
            label={t('invoices.issue.serviceTo')}
            value={serviceTo}
            onChange={(e) => setServiceTo(e.currentTarget.value)}
            error={periodError}
            data-testid="invoice-service-to"
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t(kind === 'acompte' ? 'invoices.issue.serviceHelpDeposit' : 'invoices.issue.serviceHelp')}
        </Text>
        <JournalEntriesPicker
          projectId={quote.project.id}
          label={t('invoices.issue.justifications')}
          description={t('invoices.issue.justificationsHelp')}
          value={justifications}
          onChange={setJustifications}
          data-testid="invoice-justifications"
        />
        {result.ok ? (
          <Stack gap={4} data-testid="invoice-preview">
            {result.draft.work && (
              <Group justify="space-between">
                <Text size="sm">{t('invoices.detail.workToDate')}</Text>
                <Text size="sm">
                  <Ltr>{formatEuros(result.draft.work.totalTtcCents)}</Ltr>
                </Text>
              </Group>
            )}
            {result.draft.deductions.map((d) => (
              <Group justify="space-between" key={d.number}>
                <Text size="sm">
                  {t('invoices.detail.deduction', { kind: t(`invoices.kinds.${d.kind}`), number: ltr(d.number), date: ltr(formatDate(d.issueDate)) })}
                </Text>
                <Text size="sm">
                  <Ltr>{formatEuros(-d.totalTtcCents)}</Ltr>
                </Text>
              </Group>
            ))}
            <Group justify="space-between">
              <Text size="sm">{t('invoices.detail.totalHt')}</Text>
              <Text size="sm">
                <Ltr>{formatEuros(result.draft.totals.totalHtCents)}</Ltr>
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('invoices.issue.tva')}</Text>
              <Text size="sm">
                <Ltr>{formatEuros(result.draft.totals.totalTvaCents)}</Ltr>
              </Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{t('invoices.detail.totalTtc')}</Text>
              <Text fw={700} data-testid="invoice-preview-ttc">
                <Ltr>{formatEuros(result.draft.totals.totalTtcCents)}</Ltr>
              </Text>
            </Group>
            {result.draft.retentionCents > 0 && (
              <Group justify="space-between">
                <Text size="sm">{t('invoices.detail.retention', { rate: ltr(formatPercent(quote.retention_bp)) })}</Text>
                <Text size="sm">
                  <Ltr>{formatEuros(-result.draft.retentionCents)}</Ltr>
                </Text>
              </Group>
            )}
          </Stack>
        ) : (
          <Alert color="orange" role="alert" data-testid="invoice-refusal">
            {refusalText}
          </Alert>
        )}
        <Alert color="blue" variant="light">
          {t('invoices.issue.final')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!result.ok || !!delayRefusal || !period.ok} data-testid="invoice-review-open" onClick={() => setReviewing(true)}>
            {t('invoices.issue.review')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
