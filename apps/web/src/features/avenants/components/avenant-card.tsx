import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import type { AvenantView } from '@ouvrage/contracts';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { formatDate, formatEuros } from '../../../lib/format';
import { avenantPdfFile, deleteAvenant, refuseAvenant, sendAvenant, useInvalidateAvenants, withdrawAvenant } from '../api/avenants';
import { AVENANT_STATUS_COLORS as STATUS_COLORS } from './avenant-status-badge';

/** The contract before, the change and after, per rate: the figures the avenant's PDF prints. */
function AvenantFigures({ avenant }: { avenant: AvenantView }) {
  const { t } = useTranslation();
  const parts = [
    { key: 'before', part: avenant.amounts.before },
    { key: 'change', part: avenant.amounts.change },
    { key: 'after', part: avenant.amounts.after },
  ] as const;
  return (
    <Table withTableBorder striped data-testid={`avenant-figures-${avenant.id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>{t('avenants.figures.ht')}</Table.Th>
          <Table.Th>{t('avenants.figures.tva')}</Table.Th>
          <Table.Th>{t('avenants.figures.ttc')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {parts.map(({ key, part }) => (
          <Table.Tr key={key}>
            <Table.Td>{t(`avenants.figures.${key}`)}</Table.Td>
            <Table.Td>{formatEuros(part.totals.total_ht_cents)}</Table.Td>
            <Table.Td>{formatEuros(part.totals.total_tva_cents)}</Table.Td>
            <Table.Td fw={key === 'after' ? 700 : undefined}>{formatEuros(part.totals.total_ttc_cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One avenant of the list: its figures, its PDF, and what the caller may do with it now. */
export function AvenantCard({ quoteId, avenant, onEdit }: { quoteId: number; avenant: AvenantView; onEdit: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateAvenants();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      setRefusing(false);
      await invalidate();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const label = avenant.number ?? t('avenants.draftLabel');
  return (
    <Card withBorder padding="sm" data-testid={`avenant-${avenant.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{label}</Text>
            <Text>{avenant.title}</Text>
          </Group>
          <Badge color={STATUS_COLORS[avenant.status]} variant="light" data-testid="avenant-status">
            {t(`avenants.statuses.${avenant.status}`)}
          </Badge>
        </Group>
        <AvenantFigures avenant={avenant} />
        {avenant.refusal_reason && (
          <Alert color="red" variant="light" title={t('avenants.refusalReason')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {avenant.refusal_reason}
            </Text>
          </Alert>
        )}
        {avenant.withdrawal && avenant.status === 'Signé' && (
          <Text size="sm">{t('avenants.withdrawalUntil', { date: formatDate(avenant.withdrawal.deadline) })}</Text>
        )}
        <Group gap="xs" wrap="wrap">
          <DownloadButton file={avenantPdfFile(avenant.id, label)} size="xs" data-testid="avenant-pdf">
            {t('avenants.pdf')}
          </DownloadButton>
          {avenant.can_edit && (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                {t('avenants.edit')}
              </Button>
              <Button size="xs" onClick={() => void act(() => sendAvenant(avenant.id))} loading={busy} data-testid="avenant-send">
                {t('avenants.send')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void act(() => deleteAvenant(avenant.id))} loading={busy}>
                {t('avenants.delete')}
              </Button>
            </>
          )}
          {avenant.can_sign && (
            <>
              <Button size="xs" component={Link} to={`/devis/${quoteId}/avenants/${avenant.id}/signer`} data-testid="avenant-sign">
                {t('avenants.sign')}
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => setRefusing(true)} data-testid="avenant-refuse">
                {t('avenants.refuse')}
              </Button>
            </>
          )}
          {avenant.can_withdraw && (
            <Button
              size="xs"
              variant="default"
              color="orange"
              onClick={() => void act(() => withdrawAvenant(avenant.id))}
              loading={busy}
              data-testid="avenant-withdraw"
            >
              {t('avenants.withdraw')}
            </Button>
          )}
        </Group>
        {!refusing && <ErrorAlert error={error} />}
      </Stack>
      <ReasonModal
        opened={refusing}
        onClose={() => setRefusing(false)}
        title={t('avenants.refuseTitle', { number: label })}
        label={t('avenants.refuseReason')}
        min={QUOTE_REASON_LIMITS.min}
        max={QUOTE_REASON_LIMITS.max}
        required
        confirmLabel={t('avenants.refuse')}
        onConfirm={(reason) => void act(() => refuseAvenant(avenant.id, reason))}
        pending={busy}
        error={error}
        onEdit={() => setError(null)}
        testId="avenant-refusal"
      />
    </Card>
  );
}
