import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportItem } from '@ouvrage/contracts';
import { ListScreen } from '../../../components/ui/list-screen';
import { formatDateTime } from '../../../lib/format';
import { useListQuery } from '../../../lib/list-query';
import { useCatalogLabels } from '../../catalog';
import { reportPageQuery } from '../api/moderation';
import { ReportStatusBadge } from './report-status-badge';

/**
 * `/signalements` (admin, decision 1230 « Reports and moderation »): the reported messages, open
 * ones first, then the handled and dismissed ones; each opens its conversation, where the admin
 * moderates.
 */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const list = useListQuery({ filters: {}, perPage: 20, query: reportPageQuery });
  return (
    <ListScreen<Record<string, never>, ReportItem>
      list={list}
      title={t('conversations.reports.title')}
      emptyText={t('conversations.reports.empty')}
      data-testid="reports-screen"
      table={{
        rowKey: (r) => r.id,
        minWidth: 900,
        rowProps: (r) => ({ 'data-testid': `report-${r.id}` }),
        columns: [
          {
            key: 'message',
            header: t('conversations.reports.message'),
            card: 'title',
            cell: (r) => (
              <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" dir="auto" fs={r.message.deleted ? 'italic' : undefined} data-testid="report-excerpt">
                  {r.message.deleted ? t('conversations.deleted') : r.message.excerpt}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {t('conversations.reports.by', { name: r.author.name })} · {formatDateTime(r.message.created_at)}
                  </Text>
                  {r.message.hidden && (
                    <Badge color="orange" variant="light" size="xs">
                      {t('conversations.moderation.hiddenBadge')}
                    </Badge>
                  )}
                </Group>
              </Stack>
            ),
          },
          // Wide enough for « Classé sans suite » on one line.
          {
            key: 'status',
            header: t('conversations.reports.status'),
            nowrap: true,
            width: 160,
            card: 'badge',
            cell: (r) => <ReportStatusBadge status={r.status} />,
          },
          {
            key: 'reason',
            header: t('conversations.report.reason'),
            card: 'detail',
            cell: (r) => (
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t(`conversations.report.reasons.${r.reason}`)}
                </Text>
                {r.details && (
                  <Text size="xs" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {r.details}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'reporter',
            header: t('conversations.reports.reporter'),
            card: 'detail',
            cell: (r) => (
              <Stack gap={0}>
                <Text size="sm">
                  <bdi>{r.reporter.name}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.created_at)}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'project',
            header: t('conversations.project'),
            card: 'detail',
            cell: (r) => (
              <Text size="sm">
                <bdi>{catalog.project(r.project.name)}</bdi>
              </Text>
            ),
          },
          {
            key: 'open',
            header: t('conversations.reports.conversation'),
            card: 'action',
            cell: (r) => (
              <Anchor component={Link} to={`/messages/${r.conversation_id}`} size="sm" data-testid="report-open">
                {t('conversations.reports.open')}
              </Anchor>
            ),
          },
        ],
      }}
    >
      <Text size="sm" c="dimmed">
        {t('conversations.reports.intro')}
      </Text>
    </ListScreen>
  );
}
