import { useState } from 'react';
import { Badge, Button, Code, Group, Pagination, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminJob } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDateTime } from '../../../lib/format';
import { useAdminJobs, useRetryJob, type JobView } from '../api/jobs';

const STATUS_COLORS: Record<AdminJob['status'], string> = { pending: 'yellow', running: 'blue', done: 'teal', dead: 'red' };

/** Background jobs for the admin: dead letters first, with their last error and « Relancer ». */
export function JobsPanel() {
  const { t } = useTranslation();
  const [view, setView] = useState<JobView>('dead');
  const [page, setPage] = useState(1);
  const list = useAdminJobs(view, page);
  const retry = useRetryJob();

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('outbox.jobs.intro')}
      </Text>
      <SegmentedControl
        value={view}
        onChange={(value) => {
          setView(value as JobView);
          setPage(1);
        }}
        data={[
          { value: 'dead', label: t('outbox.jobs.views.dead') },
          { value: 'failed', label: t('outbox.jobs.views.failed') },
          { value: 'all', label: t('outbox.jobs.views.all') },
        ]}
        aria-label={t('outbox.jobs.viewLabel')}
        maw={520}
      />
      <ErrorAlert error={list.error ?? retry.error} />
      {list.isPending ? (
        <ScreenLoader />
      ) : list.data && list.data.items.length === 0 ? (
        <Text>{t('outbox.jobs.empty')}</Text>
      ) : (
        list.data && (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped data-testid="jobs-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('outbox.jobs.kind')}</Table.Th>
                    <Table.Th>{t('outbox.status')}</Table.Th>
                    <Table.Th>{t('outbox.jobs.attempts')}</Table.Th>
                    <Table.Th>{t('outbox.jobs.lastError')}</Table.Th>
                    <Table.Th>{t('outbox.jobs.when')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('outbox.jobs.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((job) => (
                    <Table.Tr key={job.id}>
                      <Table.Td>
                        <Text size="sm">{t(`outbox.jobs.kinds.${job.kind}`, { defaultValue: job.kind })}</Text>
                        <Code>#{job.id}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_COLORS[job.status]}>
                          {t(`outbox.jobs.statuses.${job.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {job.attempts} / {job.max_attempts}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                          {job.last_error ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(job.finished_at ?? job.run_at ?? job.created_at)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {job.status === 'dead' && (
                          <Button
                            size="xs"
                            variant="light"
                            loading={retry.isPending && retry.variables === job.id}
                            onClick={() => retry.mutate(job.id)}
                            aria-label={t('outbox.jobs.retryLabel', { id: job.id })}
                          >
                            {t('outbox.jobs.retry')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={Math.max(1, Math.ceil(list.data.total / list.data.per_page))} />
            </Group>
          </>
        )
      )}
    </Stack>
  );
}
