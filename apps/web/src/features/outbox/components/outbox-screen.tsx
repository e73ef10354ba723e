import { Fragment, useState } from 'react';
import { Anchor, Badge, Card, Group, Pagination, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDateTime } from '../../../lib/format';
import { useOutbox, type OutboxMail } from '../api/outbox';
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
  const [tab, setTab] = useState<string | null>('mails');
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
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
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const outbox = useOutbox(page, to.trim());

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('outbox.intro')}
      </Text>
      <TextInput
        label={t('outbox.filterTo')}
        value={to}
        onChange={(e) => {
          setTo(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <ErrorAlert error={outbox.error} />
      {outbox.isPending ? (
        <ScreenLoader />
      ) : outbox.data && outbox.data.items.length === 0 ? (
        <Text>{t('outbox.empty')}</Text>
      ) : (
        outbox.data && (
          <>
            <Table.ScrollContainer minWidth={600}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('outbox.date')}</Table.Th>
                    <Table.Th>{t('outbox.to')}</Table.Th>
                    <Table.Th>{t('outbox.subject')}</Table.Th>
                    <Table.Th>{t('outbox.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outbox.data.items.map((mail) => (
                    <Table.Tr key={mail.id}>
                      <Table.Td>{formatDateTime(mail.created_at)}</Table.Td>
                      <Table.Td>{mail.to}</Table.Td>
                      <Table.Td>
                        <Anchor component="button" type="button" onClick={() => setOpen(mail)}>
                          {mail.subject}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={mail.status === 'sent' ? 'teal' : mail.status === 'failed' ? 'red' : 'gray'}>
                          {t(`outbox.statuses.${mail.status}`, { defaultValue: mail.status })}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={Math.max(1, Math.ceil(outbox.data.total / outbox.data.per_page))} />
            </Group>
          </>
        )
      )}
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
