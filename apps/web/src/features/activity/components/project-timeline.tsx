import { useState } from 'react';
import { Anchor, Button, Group, Loader, Text, Timeline } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_PAGE, type ActivityEntry } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDateTime } from '../../../lib/format';
import { useProjectActivity } from '../api/project-activity';
import { describeEntry, familyOf, type ActivityFamily } from '../model/describe';
import { ActivityIcon } from './activity-icon';

const COLORS: Record<ActivityFamily, string> = {
  project: 'gray',
  tender: 'violet',
  quote: 'blue',
  signature: 'grape',
  invoice: 'orange',
  payment: 'teal',
  reception: 'green',
};

function Entry({ entry, here }: { entry: ActivityEntry; here: string }) {
  const { t } = useTranslation();
  const family = familyOf(entry.kind);
  const who = entry.who ? t('activity.who', { name: entry.who.name, role: t(`activity.roles.${entry.who.role}`) }) : t('activity.platform');
  return (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {describeEntry(t, entry)}
      </Text>
      {/* A person's words on a change, as typed: the admin's comment, the client's reason for cancelling.
          A stage's automatic note (a PV signed) is not shown: only an admin's comment on a stage. */}
      {(entry.kind === 'project.state' || (entry.kind === 'project.stage' && entry.who?.role === 'admin')) && entry.params.text && (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {entry.params.text}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {who}
      </Text>
      {entry.link && entry.link !== here && (
        <Anchor component={Link} to={entry.link} size="xs">
          {t(`activity.links.${family}`)}
        </Anchor>
      )}
    </>
  );
}

/**
 * The project's activity (issue 12): one timeline across its request, tenders, quotes and
 * versions, signatures, invoices, payments and réception, newest first, 30 at a time. The project
 * page's only history (decision 1202): the project's own events (state, stage, details, files) are in it.
 */
export function ProjectTimeline({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const here = useLocation().pathname;
  const [limit, setLimit] = useState(ACTIVITY_PAGE);
  const query = useProjectActivity(projectId, limit);
  const data = query.data;
  return (
    <SectionCard title={t('activity.title')} testId="project-activity">
      {query.isPending && <Loader size="sm" aria-label={t('activity.loading')} />}
      <ErrorAlert error={query.error} />
      {data && data.items.length === 0 && <Text c="dimmed">{t('activity.empty')}</Text>}
      {data && data.items.length > 0 && (
        <Timeline active={data.items.length} bulletSize={24} lineWidth={2} aria-label={t('activity.title')}>
          {data.items.map((entry) => {
            const family = familyOf(entry.kind);
            return (
              <Timeline.Item key={entry.id} color={COLORS[family]} bullet={<ActivityIcon family={family} />} data-kind={entry.kind}>
                <Entry entry={entry} here={here} />
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      {data && data.total > data.items.length && (
        <Group mt="md">
          <Button variant="light" loading={query.isFetching} onClick={() => setLimit((n) => n + ACTIVITY_PAGE)}>
            {t('activity.more', { n: data.total - data.items.length })}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
