import { useState, type ReactNode } from 'react';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { formatPercent } from '@ouvrage/domain';
import { DetailHeader } from '../../../components/ui/detail-header';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate, formatDateTime, formatEuros } from '../../../lib/format';
import { IssueInvoiceButton } from '../../invoices';
import { AvenantsSection } from '../../avenants';
import { DgdSection } from '../../dgd';
import { PaymentScheduleSection } from '../../payment-schedule';
import { ReceptionLink } from '../../reception';
import { ViewDocumentButton } from '../../pdf-viewer';
import { useQuote } from '../api/quote-detail';
import { quotePdfFile } from '../api/quote-pdf';
import { MissingMentions } from './missing-mentions';
import { QuoteActions } from './quote-actions';
import { QuoteLots } from './quote-lots';
import { QuoteParties } from './quote-parties';
import { QuoteSignatureCard } from './quote-signature-card';
import { QuoteStatusBadge } from './quote-status-badge';
import { QuoteTotals, totalsView } from './quote-totals';
import { QuoteVersions } from './quote-versions';
import { QuoteWithdrawalCard } from './quote-withdrawal-card';
import { ValidityText } from './validity-text';
import { SectionCard } from '../../../components/ui/section-card';
import { shownQuoteLabel } from './quote-label';

function Dates({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const events: Array<[string, string | null]> = [
    [t('quotes.detail.createdAt'), quote.created_at],
    [t('quotes.detail.sentAt'), quote.sent_at],
    [t('quotes.detail.acceptedAt'), quote.accepted_at],
    [t('quotes.detail.refusedAt'), quote.refused_at],
    [t('quotes.detail.cancelledAt'), quote.cancelled_at],
    [t('quotes.detail.signedAt'), quote.signed_at],
    [t('quotes.detail.validatedAt'), quote.validated_at],
  ];
  return (
    <Group gap="lg" wrap="wrap">
      {events
        .filter(([, at]) => at)
        .map(([label, at]) => (
          <Text size="sm" key={label}>
            <Text span c="dimmed">
              {label}
            </Text>{' '}
            {formatDate(at)}
          </Text>
        ))}
    </Group>
  );
}

function Conditions({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const items: Array<[string, ReactNode]> = [
    [t('quotes.conditions.validity'), t('quotes.conditions.validityDays', { days: quote.validity_days })],
    [
      t('quotes.conditions.deposit'),
      quote.deposit_bp ? `${formatPercent(quote.deposit_bp)} — ${formatEuros(quote.deposit_cents)}` : t('quotes.conditions.noDeposit'),
    ],
    // Typed by the architect: in its own direction (« À réception. » keeps its stop at its end in Arabic, decision 1206).
    [t('quotes.conditions.paymentTerms'), quote.payment_terms && <bdi>{quote.payment_terms}</bdi>],
    [t('quotes.conditions.latePenalty'), formatPercent(quote.late_penalty_bp)],
    [t('quotes.conditions.retention'), quote.retention_bp ? formatPercent(quote.retention_bp) : t('quotes.conditions.noRetention')],
    [t('quotes.conditions.price'), quote.is_free ? t('quotes.conditions.free') : formatEuros(quote.quote_price_cents ?? 0)],
    ...(quote.travel_cost_cents !== null ? ([[t('quotes.conditions.travel'), formatEuros(quote.travel_cost_cents)]] as Array<[string, ReactNode]>) : []),
  ];
  return (
    <Stack gap={6}>
      {items
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <Text size="sm" key={label} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {label} :
            </Text>{' '}
            {value}
          </Text>
        ))}
      {quote.free_text && (
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {quote.free_text}
        </Text>
      )}
      {quote.general_conditions && (
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm" fw={600}>
              {t('quotes.conditions.general')}
            </Text>
          </summary>
          <Text size="sm" mt="xs" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {quote.general_conditions}
          </Text>
        </details>
      )}
    </Stack>
  );
}

function QuotePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useQuote(id);
  const [done, setDone] = useState<string | null>(null);
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const quote = query.data;
  const accepted = quote.accepted_totals !== null;

  return (
    <Stack gap="md">
      <DetailHeader
        back={{ to: '/devis/list', label: t('quotes.detail.back') }}
        title={t('quotes.detail.title', { label: shownQuoteLabel(quote, t) })}
        data-testid="quote-label"
        badge={<QuoteStatusBadge status={quote.status} />}
        actions={
          <>
            <IssueInvoiceButton quote={quote} />
            {quote.status === 'Validé' && <ReceptionLink quoteId={quote.id} />}
            <ViewDocumentButton kind="quote-pdf" id={quote.id} />
            <DownloadButton file={quotePdfFile(quote.id, quote.label)} data-testid="quote-pdf">
              {t('quotes.detail.pdf')}
            </DownloadButton>
          </>
        }
      >
        <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
          {quote.title}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`quotes.kinds.${quote.kind}`)} · {t('quotes.detail.updatedAt', { date: formatDateTime(quote.updated_at) })}
        </Text>
      </DetailHeader>
      <Dates quote={quote} />
      <ValidityText validUntil={quote.valid_until} status={quote.status} />
      {done && (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)} closeButtonLabel={t('common.close')}>
          {done}
        </Alert>
      )}
      {quote.refusal_reason && (
        <Alert color="red" variant="light" title={t('quotes.detail.refusalReason')} role="note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {quote.refusal_reason}
          </Text>
        </Alert>
      )}
      {quote.cancel_reason && (
        <Alert color="gray" variant="light" title={t('quotes.detail.cancelReason')} role="note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {quote.cancel_reason}
          </Text>
        </Alert>
      )}
      {quote.can.send && quote.missing_mentions.length > 0 && <MissingMentions codes={quote.missing_mentions.map((m) => m.code)} blocking={false} />}
      <QuoteActions key={quote.id} quote={quote} openAccept={params.get('accepter') === '1'} onDone={setDone} />
      <QuoteSignatureCard quote={quote} />
      <QuoteWithdrawalCard quote={quote} onDone={setDone} />
      <QuoteParties quote={quote} />
      <PaymentScheduleSection quoteId={quote.id} issuerId={quote.issuer.id} projectId={quote.project.id} />
      {(quote.status === 'Validé' || quote.status === 'Rétracté') && <AvenantsSection quoteId={quote.id} />}
      {quote.status === 'Validé' && <DgdSection quoteId={quote.id} />}
      <SectionCard title={t('quotes.detail.lines')} testId="quote-lines">
        <QuoteLots lots={quote.lots} accepted={accepted} />
      </SectionCard>
      <SectionCard title={t('quotes.detail.totals')} testId="quote-totals">
        <Stack gap="sm">
          <QuoteTotals
            totals={totalsView(quote.totals)}
            deposit={accepted ? undefined : { bp: quote.deposit_bp, cents: quote.deposit_cents }}
            testId="totals"
          />
          {accepted && quote.accepted_totals && (
            <>
              <Text fw={600} ta="end">
                {t('quotes.detail.acceptedTotals')}
              </Text>
              <QuoteTotals totals={totalsView(quote.accepted_totals)} deposit={{ bp: quote.deposit_bp, cents: quote.deposit_cents }} testId="accepted-totals" />
            </>
          )}
        </Stack>
      </SectionCard>
      {quote.reduced_tva_certification && (
        <SectionCard title={t('quotes.detail.certification')} testId="quote-certification">
          {/* The client's legal attestation, in French as signed (CGI art. 279-0 bis): a French paragraph in an Arabic page. */}
          <Text size="sm" lang="fr" dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
            {quote.reduced_tva_certification}
          </Text>
        </SectionCard>
      )}
      <SectionCard title={t('quotes.detail.conditions')}>
        <Conditions quote={quote} />
      </SectionCard>
      <QuoteVersions quote={quote} />
    </Stack>
  );
}

/** `/devis/{id}`: one quote with its versions and the actions its reader may take. */
export default function QuoteDetailScreen() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <Navigate to="/devis/list" replace />;
  return <QuotePage key={n} id={n} />;
}
