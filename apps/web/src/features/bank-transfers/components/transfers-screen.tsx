import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATEMENT_MAX_BYTES, type StatementImport, type StatementLine, type TransferItem } from '@ouvrage/contracts';
import { formatCreditorReference } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { formatDate, formatEuros } from '../../../lib/format';
import { pendingTransfersQuery } from '../api/pending-transfers';
import { LINE_STATUSES, statementLinesQuery, useDecideLine, useImportStatement } from '../api/statements';
import { choiceFilter, useListQuery } from '../../../lib/list-query';
import { ltr } from '../../../lib/bidi';
import { ConfirmTransferModal } from './transfer-modals';
import { Ltr } from '../../../components/ui/bdi';

const PER_PAGE = 20;
const CONFIDENCE_COLOURS = { reference: 'green', montant_nom: 'blue', montant: 'yellow' } as const;

function PendingTransfers({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  // Prefixed: the statement lines below share the address.
  const list = useListQuery({ filters: {}, prefix: 'virements', perPage: PER_PAGE, query: pendingTransfersQuery });
  const pending = list.result;
  const [confirming, setConfirming] = useState<TransferItem | null>(null);
  const columns: PagedTableColumn<TransferItem>[] = [
    {
      key: 'invoice',
      header: t('bankTransfers.list.invoice'),
      nowrap: true,
      cell: (tr) => (
        <Anchor component={Link} to={`/facture/${tr.invoice_id}`} fw={600}>
          {tr.invoice_number}
        </Anchor>
      ),
    },
    { key: 'client', header: t('bankTransfers.list.client'), cell: (tr) => tr.client_name },
    { key: 'declared', header: t('bankTransfers.list.declaredOn'), nowrap: true, cell: (tr) => ltr(formatDate(tr.declared_on)) },
    { key: 'reference', header: t('bankTransfers.list.reference'), nowrap: true, cell: (tr) => ltr(tr.reference ? formatCreditorReference(tr.reference) : '') },
    {
      key: 'amount',
      header: t('bankTransfers.list.amount'),
      align: 'end',
      nowrap: true,
      cell: (tr) => (
        <Stack gap={0}>
          <Text size="sm">
            <Ltr>{formatEuros(tr.amount_cents)}</Ltr>
          </Text>
          <Text size="xs" c="dimmed">
            {t('bankTransfers.lines.left', { amount: ltr(formatEuros(tr.left_to_pay_cents)) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'action',
      header: t('bankTransfers.list.action'),
      cell: (tr) => (
        <Button size="compact-sm" color="green" variant="light" onClick={() => setConfirming(tr)} data-testid={`confirm-transfer-${tr.id}`}>
          {t('bankTransfers.confirm.open')}
        </Button>
      ),
    },
  ];
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('bankTransfers.screen.pending')}
      </Title>
      <PagedTable
        caption={t('bankTransfers.screen.pending')}
        captionHidden
        columns={columns}
        rows={pending.data?.items}
        rowKey={(tr) => tr.id}
        loading={pending.isPending}
        error={pending.error}
        emptyText={t('bankTransfers.screen.noPending')}
        page={list.page}
        perPage={list.perPage}
        total={pending.data?.total}
        onPageChange={list.setPage}
        minWidth={760}
        data-testid="pending-transfers"
      />
      {confirming && (
        <ConfirmTransferModal
          invoiceId={confirming.invoice_id}
          number={confirming.invoice_number}
          paymentId={confirming.id}
          amountCents={confirming.amount_cents}
          leftCents={confirming.left_to_pay_cents}
          opened
          onClose={() => setConfirming(null)}
          onDone={(status) =>
            onDone(
              t('bankTransfers.confirm.doneOn', { number: ltr(confirming.invoice_number), status: t(`invoices.statuses.${status}`, { defaultValue: status }) }),
            )
          }
        />
      )}
    </Card>
  );
}

function StatementUpload({ onImported }: { onImported: (result: StatementImport) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useImportStatement(setProgress);
  const tooLarge = file !== null && file.size > STATEMENT_MAX_BYTES;
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('bankTransfers.screen.import')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!file || tooLarge) return;
          setProgress(0);
          upload.mutate(file, {
            onSuccess: (result) => {
              setFile(null);
              onImported(result);
            },
            onSettled: () => setProgress(null),
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('bankTransfers.screen.importHelp', { size: STATEMENT_MAX_BYTES / (1024 * 1024) })}</Text>
          <Group align="flex-end">
            <FileInput
              label={t('bankTransfers.screen.file')}
              placeholder={t('bankTransfers.screen.choose')}
              accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
              value={file}
              onChange={(f) => {
                upload.reset();
                setFile(f);
              }}
              error={tooLarge ? t('bankTransfers.screen.tooLarge', { size: STATEMENT_MAX_BYTES / (1024 * 1024) }) : undefined}
              clearable
              miw={300}
              data-testid="statement-file"
            />
            <Button type="submit" disabled={!file || tooLarge} loading={upload.isPending} data-testid="statement-submit">
              {t('bankTransfers.screen.upload')}
            </Button>
          </Group>
          {progress !== null && <Progress value={progress} aria-label={t('bankTransfers.screen.progress')} animated />}
          <ErrorAlert error={upload.error} />
        </Stack>
      </form>
    </Card>
  );
}

function StatementLines({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const list = useListQuery({ filters: { status: choiceFilter(LINE_STATUSES, 'a_traiter') }, prefix: 'lignes', perPage: PER_PAGE, query: statementLinesQuery });
  const lines = list.result;
  const decide = useDecideLine();
  const columns: PagedTableColumn<StatementLine>[] = [
    { key: 'date', header: t('bankTransfers.lines.date'), nowrap: true, cell: (l) => ltr(formatDate(l.booked_on)) },
    {
      key: 'label',
      header: t('bankTransfers.lines.label'),
      cell: (l) => (
        <Stack gap={0}>
          <Text size="sm" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
            {l.label}
          </Text>
          {l.reference && (
            <Text size="xs" c="dimmed" dir="ltr" ta="start">
              {l.reference}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'amount', header: t('bankTransfers.lines.amount'), align: 'end', nowrap: true, cell: (l) => ltr(formatEuros(l.amount_cents)) },
    {
      key: 'proposal',
      header: t('bankTransfers.lines.proposal'),
      cell: (l) =>
        l.proposal ? (
          <Stack gap={2}>
            <Group gap={6}>
              <Anchor component={Link} to={`/facture/${l.proposal.invoice_id}`} fw={600}>
                {l.proposal.invoice_number}
              </Anchor>
              <Badge color={CONFIDENCE_COLOURS[l.proposal.confidence]} variant="light" data-testid={`confidence-${l.id}`}>
                {t(`bankTransfers.confidence.${l.proposal.confidence}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {l.proposal.client_name} · {t('bankTransfers.lines.left', { amount: ltr(formatEuros(l.proposal.left_to_pay_cents)) })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t(l.status === 'doublon' ? 'bankTransfers.lines.duplicate' : 'bankTransfers.lines.none')}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: t('bankTransfers.list.action'),
      cell: (l) =>
        l.status === 'a_traiter' || l.status === 'ignoree' ? (
          <Group gap={6} wrap="nowrap">
            {l.proposal && (
              <Button
                size="compact-sm"
                color="green"
                variant="light"
                loading={decide.isPending && decide.variables?.lineId === l.id}
                onClick={() =>
                  decide.mutate(
                    { kind: 'match', lineId: l.id, invoiceId: l.proposal!.invoice_id },
                    { onSuccess: () => onDone(t('bankTransfers.lines.matched', { number: ltr(l.proposal!.invoice_number) })) },
                  )
                }
                data-testid={`match-line-${l.id}`}
              >
                {t('bankTransfers.lines.confirm')}
              </Button>
            )}
            {l.status === 'a_traiter' && (
              <Button size="compact-sm" variant="default" onClick={() => decide.mutate({ kind: 'ignore', lineId: l.id })} data-testid={`ignore-line-${l.id}`}>
                {t('bankTransfers.lines.ignore')}
              </Button>
            )}
          </Group>
        ) : (
          <Text size="sm">{t(`bankTransfers.lineStatuses.${l.status}`)}</Text>
        ),
    },
  ];
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('bankTransfers.screen.lines')}
        </Title>
        <SegmentedControl
          value={list.values.status}
          onChange={(v) => list.setFilter('status', v as StatementLine['status'])}
          data={LINE_STATUSES.map((s) => ({ value: s, label: t(`bankTransfers.lineStatuses.${s}`) }))}
          aria-label={t('bankTransfers.screen.lines')}
        />
      </Group>
      <ErrorAlert error={decide.error} />
      <PagedTable
        caption={t('bankTransfers.screen.lines')}
        captionHidden
        columns={columns}
        rows={lines.data?.items}
        rowKey={(l) => l.id}
        loading={lines.isPending}
        error={lines.error}
        emptyText={t('bankTransfers.screen.noLines')}
        page={list.page}
        perPage={list.perPage}
        total={lines.data?.total}
        onPageChange={list.setPage}
        minWidth={860}
        rowProps={(l) => ({ 'data-testid': `statement-line-${l.id}` })}
        data-testid="statement-lines"
      />
    </Card>
  );
}

/** `/facture/virements` (admin): declared transfers to confirm, bank statement import, proposed matches. */
export default function TransfersScreen() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('bankTransfers.screen.title')}
      </Title>
      {message && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setMessage(null)}
          closeButtonLabel={t('common.close')}
          data-testid="transfers-message"
        >
          {message}
        </Alert>
      )}
      <PendingTransfers onDone={setMessage} />
      <StatementUpload
        onImported={(r) =>
          setMessage(t('bankTransfers.screen.imported', { file: ltr(r.file_name), lines: r.line_count, proposed: r.proposed, duplicates: r.duplicates }))
        }
      />
      <StatementLines onDone={setMessage} />
    </Stack>
  );
}
