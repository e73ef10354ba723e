import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReceptionView } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate, formatEuros } from '../../../lib/format';
import { useInvalidateReception } from '../api/keys';
import { releaseRetention } from '../api/reception-actions';
import { ltr } from '../model/isolate';

const STATE_COLOURS: Record<ReceptionView['retention']['state'], string> = {
  none: 'gray',
  awaiting_signature: 'yellow',
  waiting: 'blue',
  blocked: 'red',
  releasable: 'green',
  released: 'teal',
};

/** The retenue de garantie: amount, release date, where it stands, « Libérer la retenue » (decision 0721). */
export function RetentionPanel({ reception }: { reception: ReceptionView }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReception();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const r = reception.retention;
  const release = async () => {
    setError(null);
    setBusy(true);
    try {
      await releaseRetention(reception.id);
      await invalidate();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="retention-panel">
      <Group gap="sm">
        <Text fw={600}>{t('reception.retention.title')}</Text>
        <Badge color={STATE_COLOURS[r.state]} variant="light" data-testid="retention-state">
          {t(`reception.retention.states.${r.state}`)}
        </Badge>
      </Group>
      {r.state !== 'none' && (
        <Text size="sm" data-testid="retention-amount">
          {t('reception.retention.amount', { amount: ltr(formatEuros(r.retention_cents)) })}
        </Text>
      )}
      {/* Nothing withheld: nothing to release either, so no release date (issue 36 §6). */}
      {r.state !== 'none' && (
        <Text size="sm" data-testid="retention-date">
          {r.released_on
            ? t('reception.retention.releasedOn', { date: ltr(formatDate(r.released_on)) })
            : t('reception.retention.releaseDate', { date: ltr(formatDate(r.release_date)) })}
        </Text>
      )}
      {r.state === 'blocked' && (
        <Alert color="red" variant="light" data-testid="retention-blocked">
          {t('reception.retention.blocked', { count: reception.open_reservations })}
        </Alert>
      )}
      {reception.can_manage && r.state !== 'released' && r.state !== 'none' && (
        <Group>
          <Button onClick={release} loading={busy} disabled={r.state !== 'releasable'} data-testid="retention-release">
            {t('reception.retention.release')}
          </Button>
        </Group>
      )}
      <ErrorAlert error={error} />
    </Stack>
  );
}
