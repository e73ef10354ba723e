import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import type { DgdView } from '@ouvrage/contracts';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { dgdPdfFile, disputeDgd, useInvalidateDgd } from '../api/dgd';

const STATUS_COLORS: Record<DgdView['status'], string> = { Émis: 'blue', Accepté: 'green', Contesté: 'red' };

/** The account's figures, as the DGD's PDF prints them: every row a word of the reader's language and an amount. */
function DgdFigures({ dgd }: { dgd: DgdView }) {
  const { t } = useTranslation();
  const d = dgd.document;
  const a = d.account;
  const owed = a.balance_cents >= 0;
  const rows: Array<{ key: string; label: string; value: number; strong?: boolean }> = [
    { key: 'original', label: t('dgd.figures.original'), value: d.original.totals.total_ttc_cents },
    ...d.avenants.map((av) => ({ key: `avenant-${av.number}`, label: t('dgd.figures.avenant', { number: ltr(av.number) }), value: av.change_ttc_cents })),
    { key: 'contract', label: t('dgd.figures.contract'), value: d.contract.totals.total_ttc_cents, strong: true },
    { key: 'invoiced', label: t('dgd.figures.invoiced', { count: d.invoices.length }), value: a.invoiced_cents },
    { key: 'credited', label: t('dgd.figures.credited'), value: -a.credited_cents },
    { key: 'penalties', label: t('dgd.figures.penalties', { count: d.penalties.length }), value: -a.penalties_cents },
    { key: 'due', label: t('dgd.figures.due'), value: a.due_cents, strong: true },
    { key: 'paid', label: t('dgd.figures.paid'), value: -a.paid_cents },
    { key: 'balance', label: t(owed ? 'dgd.figures.balanceOwedByClient' : 'dgd.figures.balanceOwedToClient'), value: Math.abs(a.balance_cents), strong: true },
  ];
  return (
    <Table withTableBorder striped data-testid={`dgd-figures-${dgd.id}`}>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key} data-testid={`dgd-row-${r.key}`}>
            <Table.Td fw={r.strong ? 700 : undefined}>{r.label}</Table.Td>
            <Table.Td fw={r.strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {ltr(formatEuros(r.value))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One DGD: its figures, the retenue, its PDF, and the client's answer (accept by signing, or dispute). */
export function DgdCard({ quoteId, dgd }: { quoteId: number; dgd: DgdView }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateDgd();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const r = dgd.document.retention;
  const dispute = async (reason: string) => {
    setError(null);
    setBusy(true);
    try {
      await disputeDgd(dgd.id, reason);
      setDisputing(false);
      await invalidate();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" data-testid={`dgd-${dgd.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{ltr(dgd.number)}</Text>
            <Text size="sm" c="dimmed">
              {t('dgd.issuedOn', { date: ltr(formatDate(dgd.issued_at)) })}
            </Text>
          </Group>
          <Badge color={STATUS_COLORS[dgd.status]} variant="light" data-testid="dgd-status">
            {t(`dgd.statuses.${dgd.status}`)}
          </Badge>
        </Group>
        <DgdFigures dgd={dgd} />
        {r.withheld_cents > 0 && (
          <Text size="sm" data-testid="dgd-retention">
            {r.released_on
              ? t('dgd.retentionReleased', { amount: ltr(formatEuros(r.withheld_cents)), date: ltr(formatDate(r.released_on)) })
              : t('dgd.retentionHeld', { amount: ltr(formatEuros(r.withheld_cents)), date: ltr(formatDate(r.release_date)) })}
          </Text>
        )}
        {dgd.status === 'Accepté' && (
          <Alert color="green" variant="light" data-testid="dgd-closed">
            {t('dgd.closed')}
          </Alert>
        )}
        {dgd.dispute_reason && (
          <Alert color="red" variant="light" title={t('dgd.disputeReason')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {dgd.dispute_reason}
            </Text>
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <DownloadButton file={dgdPdfFile(dgd.id, dgd.number)} size="xs" data-testid="dgd-pdf">
            {t('dgd.pdf')}
          </DownloadButton>
          {dgd.can_answer && (
            <>
              <Button size="xs" component={Link} to={`/devis/${quoteId}/dgd/${dgd.id}/signer`} data-testid="dgd-accept">
                {t('dgd.accept')}
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => setDisputing(true)} data-testid="dgd-dispute">
                {t('dgd.dispute')}
              </Button>
            </>
          )}
        </Group>
        {!disputing && <ErrorAlert error={error} />}
      </Stack>
      <ReasonModal
        opened={disputing}
        onClose={() => setDisputing(false)}
        title={t('dgd.disputeTitle', { number: dgd.number })}
        label={t('dgd.disputeReason')}
        min={QUOTE_REASON_LIMITS.min}
        max={QUOTE_REASON_LIMITS.max}
        required
        confirmLabel={t('dgd.dispute')}
        onConfirm={(reason) => void dispute(reason)}
        pending={busy}
        error={error}
        onEdit={() => setError(null)}
        testId="dgd-dispute-modal"
      />
    </Card>
  );
}
