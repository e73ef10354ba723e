import { useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Stack, Table, Text } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@ouvrage/contracts';
import { DetailHeader } from '../../../components/ui/detail-header';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate, formatEuros } from '../../../lib/format';
import { invoiceName } from '../../../lib/invoice-name';
import { TransferPanel } from '../../bank-transfers';
import { InvoiceEInvoicing } from '../../e-invoicing';
import { CardPaymentPanel } from '../../payments';
import { ViewDocumentButton } from '../../pdf-viewer';
import { InvoiceReception } from '../../reception';
import { CitedEntryLink } from '../../site-log';
import { useInvoice } from '../api/invoice-detail';
import { creditNotePdfFile, invoicePdfFile } from '../api/invoice-pdf';
import { CreditNoteModal } from './credit-note-modal';
import { InvoiceLines, InvoiceTotals } from './invoice-amounts';
import { InvoiceRefunds } from './invoice-refunds';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { ltr } from '../model/isolate';

function Party({ title, lines }: { title: string; lines: Array<string | null | false | undefined> }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {lines.filter(Boolean).map((l, i) => (
        <Text size="sm" key={i} fw={i === 0 ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
          {/* Names and addresses as typed, each in its own direction (decision 1206). */}
          <bdi>{l}</bdi>
        </Text>
      ))}
    </Stack>
  );
}

function InvoicePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useInvoice(id);
  const [crediting, setCrediting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // `?payer=1`: reached from the « Payer » of the client's invoice list.
  const [params] = useSearchParams();
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const invoice = query.data;
  const address = (a: InvoiceDetail['site_address']) => (a ? `${a.street}, ${a.postcode} ${a.city}` : null);
  return (
    <Stack gap="md">
      <DetailHeader
        back={{ to: '/facture/list', label: t('invoices.detail.back') }}
        title={t('invoices.detail.title', { number: invoice.number })}
        data-testid="invoice-number"
        badge={<InvoiceStatusBadge status={invoice.status} />}
        actions={
          <>
            <ViewDocumentButton kind="invoice-pdf" id={invoice.id} />
            <DownloadButton file={invoicePdfFile(invoice.id, invoice.number)} data-testid="invoice-pdf">
              {t('invoices.detail.pdf')}
            </DownloadButton>
            {invoice.can.credit && (
              <Button color="red" variant="light" onClick={() => setCrediting(true)} data-testid="invoice-credit">
                {t('invoices.credit.open')}
              </Button>
            )}
          </>
        }
      >
        <Text size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="invoice-title">
          {/* The rank in the reader's language: no French « n° » in Arabic (decision 1206). */}
          {invoiceName(t, { kind: invoice.kind, situation_index: invoice.situation_index, quote_label: invoice.quote.label })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('invoices.detail.dates', { issued: ltr(formatDate(invoice.issue_date)), due: ltr(formatDate(invoice.due_date)) })}
        </Text>
      </DetailHeader>
      {done && (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)} closeButtonLabel={t('common.close')}>
          {t('invoices.credit.done', { number: done })}
        </Alert>
      )}
      <SectionCard title={t('invoices.detail.parties')}>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Party
              title={t('invoices.detail.issuer')}
              lines={[invoice.issuer.name, invoice.issuer.address, invoice.issuer.siret && `SIRET ${invoice.issuer.siret}`, invoice.issuer.tva_number]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Party
              title={t('invoices.detail.client')}
              lines={[
                invoice.client.name,
                invoice.client.company_name,
                invoice.client.siren && `SIREN ${invoice.client.siren}`,
                address(invoice.client.address),
                invoice.site_address && t('invoices.detail.site', { address: ltr(address(invoice.site_address)) }),
              ]}
            />
          </Grid.Col>
        </Grid>
        <Text size="sm" mt="sm">
          <Anchor component={Link} to={`/devis/${invoice.quote.id}`}>
            {t('invoices.detail.quoteLink', { quote: ltr(invoice.quote.label), title: ltr(invoice.quote.title) })}
          </Anchor>
        </Text>
      </SectionCard>
      {/* The journal entries justifying it, as issued (decision 1232): each opens the entry and its photos. */}
      {invoice.justifications && invoice.justifications.length > 0 && (
        <SectionCard title={t('invoices.detail.justifications')} testId="invoice-justifications">
          <Group gap="xs" wrap="wrap" align="baseline">
            <Text size="sm">{t('invoices.detail.justificationsIntro')}</Text>
            {invoice.justifications.map((entry) => (
              <CitedEntryLink key={entry.entry_id} projectId={invoice.project.id} entry={entry} />
            ))}
          </Group>
        </SectionCard>
      )}
      <SectionCard title={t('invoices.detail.lines')} testId="invoice-lines-card">
        <InvoiceLines invoice={invoice} />
      </SectionCard>
      <SectionCard title={t('invoices.detail.amounts')}>
        <InvoiceTotals invoice={invoice} />
      </SectionCard>
      {/* Sent through the issuer's plateforme agréée: its state and the statuses reported (decision 1212). */}
      <InvoiceEInvoicing invoiceId={invoice.id} issuerId={invoice.issuer.id} />
      <InvoiceRefunds invoice={invoice} />
      <InvoiceReception quoteId={invoice.quote.id} />
      {/* Bank details, the RF reference to quote, declaring and confirming transfers (decision 0731). */}
      {/* « Payer par carte » for the client, the pay link, card payments received (decision 0730). */}
      <CardPaymentPanel invoiceId={invoice.id} focusPay={params.get('payer') === '1'} />
      <TransferPanel invoiceId={invoice.id} />
      {invoice.credit_notes.length > 0 && (
        <SectionCard title={t('invoices.detail.creditNotes')} testId="invoice-credit-notes">
          {/* On a phone the reason keeps a readable width; the table scrolls instead of squeezing it. */}
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Tbody>
                {invoice.credit_notes.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {c.number}
                    </Table.Td>
                    <Table.Td>{ltr(formatDate(c.issue_date))}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{c.reason}</bdi>
                    </Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      {ltr(formatEuros(-c.total_ttc_cents))}
                    </Table.Td>
                    <Table.Td ta="end">
                      <DownloadButton
                        file={creditNotePdfFile(c.id, c.number)}
                        variant="subtle"
                        size="compact-sm"
                        align="flex-end"
                        aria-label={t('invoices.detail.creditNotePdfLabel', { number: c.number })}
                        data-testid={`credit-note-pdf-${c.id}`}
                      >
                        {t('invoices.detail.creditNotePdf')}
                      </DownloadButton>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </SectionCard>
      )}
      {invoice.can.credit && (
        <CreditNoteModal key={invoice.credited_cents} invoice={invoice} opened={crediting} onClose={() => setCrediting(false)} onDone={setDone} />
      )}
    </Stack>
  );
}

/** `/facture/{id}`: one invoice, its deductions, totals per rate, credit notes and PDF. */
export default function InvoiceDetailScreen() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <Navigate to="/facture/list" replace />;
  return <InvoicePage key={n} id={n} />;
}
