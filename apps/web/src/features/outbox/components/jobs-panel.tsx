import { Badge, Button, Code, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminJob } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListScreen } from '../../../components/ui/list-screen';
import { choiceFilter, useListQuery } from '../../../lib/list-query';
import { formatDateTime } from '../../../lib/format';
import { adminJobsQuery, JOB_VIEWS, useRetryJob } from '../api/jobs';

const STATUS_COLORS: Record<AdminJob['status'], string> = { pending: 'yellow', running: 'blue', done: 'teal', dead: 'red' };

/** Background jobs for the admin: dead letters first, with their last error and « Relancer ». */
export function JobsPanel() {
  const { t } = useTranslation();
  // Prefixed: the mails' list shares the address.
  const list = useListQuery({ filters: { view: choiceFilter(JOB_VIEWS, 'dead') }, prefix: 'jobs', query: adminJobsQuery });
  const retry = useRetryJob();

  return (
    <ListScreen
      list={list}
      caption={t('outbox.tabs.jobs')}
      count={false}
      filters={[
        {
          type: 'segmented',
          name: 'view',
          label: t('outbox.jobs.viewLabel'),
          options: JOB_VIEWS.map((v) => ({ value: v, label: t(`outbox.jobs.views.${v}`) })),
          maw: 520,
        },
      ]}
      emptyText={t('outbox.jobs.empty')}
      table={{
        rowKey: (job) => job.id,
        minWidth: 760,
        'data-testid': 'jobs-table',
        columns: [
          {
            key: 'kind',
            header: t('outbox.jobs.kind'),
            cell: (job) => (
              <>
                <Text size="sm">{t(`outbox.jobs.kinds.${job.kind}`, { defaultValue: job.kind })}</Text>
                <Code>#{job.id}</Code>
              </>
            ),
          },
          {
            key: 'status',
            header: t('outbox.status'),
            cell: (job) => (
              <Badge variant="light" color={STATUS_COLORS[job.status]}>
                {t(`outbox.jobs.statuses.${job.status}`)}
              </Badge>
            ),
          },
          { key: 'attempts', header: t('outbox.jobs.attempts'), cell: (job) => `${job.attempts} / ${job.max_attempts}` },
          {
            key: 'error',
            header: t('outbox.jobs.lastError'),
            cell: (job) => (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {job.last_error ?? '—'}
              </Text>
            ),
          },
          {
            key: 'when',
            header: t('outbox.jobs.when'),
            cell: (job) => <Text size="sm">{formatDateTime(job.finished_at ?? job.run_at ?? job.created_at)}</Text>,
          },
          {
            key: 'actions',
            header: <VisuallyHidden>{t('outbox.jobs.actions')}</VisuallyHidden>,
            cell: (job) =>
              job.status === 'dead' && (
                <Button
                  size="xs"
                  variant="light"
                  loading={retry.isPending && retry.variables === job.id}
                  onClick={() => retry.mutate(job.id)}
                  aria-label={t('outbox.jobs.retryLabel', { id: job.id })}
                >
                  {t('outbox.jobs.retry')}
                </Button>
              ),
          },
        ],
      }}
    >
      <Text c="dimmed" size="sm">
        {t('outbox.jobs.intro')}
      </Text>
      <ErrorAlert error={retry.error} />
    </ListScreen>
  );
}
