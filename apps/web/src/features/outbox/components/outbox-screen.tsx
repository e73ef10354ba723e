import { Fragment, useState } from 'react';
import { Anchor, Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/ui/list-screen';
import { textFilter, useListQuery } from '../../../lib/list-query';
import { formatDateTime } from '../../../lib/format';
import { outboxQuery, type OutboxMail } from '../api/outbox';
import { JobsPanel } from './jobs-panel';

/** Render plain text with its links clickable (mails carry reset and invitation links). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <Text component="pre" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} size="sm">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <Anchor key={i} href={part}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/** The admin's mail viewer (every mail the platform wrote, whether sent over SMTP or kept) and its background jobs. */
export default function OutboxScreen() {
  const { t } = useTranslation();
  // The tab in the address too: a reload or a shared link keeps the jobs' list and its filters.
  const [params, setParams] = useSearchParams();
  const tab = params.get('onglet') === 'jobs' ? 'jobs' : 'mails';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => setParams(v === 'jobs' ? { onglet: 'jobs' } : {})} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mails">{t('outbox.tabs.mails')}</Tabs.Tab>
          <Tabs.Tab value="jobs">{t('outbox.tabs.jobs')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mails" pt="md">
          <MailsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="jobs" pt="md">
          <JobsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function MailsPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const list = useListQuery({ filters: { to: textFilter() }, query: outboxQuery });

  return (
    <Stack>
      <ListScreen
        list={list}
        caption={t('outbox.tabs.mails')}
        count={false}
        filters={[{ type: 'search', name: 'to', label: t('outbox.filterTo'), maw: 360 }]}
        emptyText={t('outbox.empty')}
        table={{
          rowKey: (mail) => mail.id,
          minWidth: 600,
          columns: [
            { key: 'date', header: t('outbox.date'), cell: (mail) => formatDateTime(mail.created_at) },
            { key: 'to', header: t('outbox.to'), cell: (mail) => mail.to },
            {
              key: 'subject',
              header: t('outbox.subject'),
              cell: (mail) => (
                <Anchor component="button" type="button" onClick={() => setOpen(mail)}>
                  {mail.subject}
                </Anchor>
              ),
            },
            {
              key: 'status',
              header: t('outbox.status'),
              cell: (mail) => (
                <Badge variant="light" color={mail.status === 'sent' ? 'teal' : mail.status === 'failed' ? 'red' : 'gray'}>
                  {t(`outbox.statuses.${mail.status}`, { defaultValue: mail.status })}
                </Badge>
              ),
            },
          ],
        }}
      >
        <Text c="dimmed" size="sm">
          {t('outbox.intro')}
        </Text>
      </ListScreen>
      {open && (
        <Card withBorder data-testid="outbox-mail">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {open.subject}
            </Title>
            <Anchor component="button" type="button" onClick={() => setOpen(null)}>
              {t('common.close')}
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {t('outbox.to')} : {open.to} — {formatDateTime(open.created_at)}
          </Text>
          <Linkified text={open.text} />
        </Card>
      )}
    </Stack>
  );
}
