import { useEffect, useMemo } from 'react';
import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCurrentUser } from '../../../lib/auth';
import { useCatalogLabels } from '../../catalog';
import { useConversation, useMarkRead, useMessages } from '../api/conversations';
import { readReceipts } from '../model/read-receipts';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ModerationPanel } from './moderation-panel';

/**
 * `/messages/:id`: one conversation — its project, who is in it, the messages (older ones a page at
 * a time), read receipts, and the box to write while one may (decision 1230). What arrives while the
 * page is open is marked read.
 */
export default function ConversationScreen() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const me = useCurrentUser();
  const catalog = useCatalogLabels();
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const markRead = useMarkRead(id);
  // Pages come newest first, each oldest first: read back into one list, oldest first.
  const list = useMemo(
    () =>
      (messages.data?.pages ?? [])
        .slice()
        .reverse()
        .flatMap((p) => p.items),
    [messages.data],
  );
  const c = conversation.data;
  const mine = c?.members.find((m) => m.id === me?.id);
  const latestOther = [...list].reverse().find((m) => m.author_id !== me?.id);
  useEffect(() => {
    if (!mine || !latestOther || markRead.isPending) return;
    if (mine.last_read_message_id === null || mine.last_read_message_id < latestOther.id) markRead.mutate(latestOther.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newly seen message
  }, [mine?.last_read_message_id, latestOther?.id]);

  if (conversation.isLoading || messages.isLoading) return <ScreenLoader />;
  if (!c) return <ErrorAlert error={conversation.error ?? messages.error} />;
  const others = c.members.filter((m) => m.id !== me?.id);
  // Decision 1230 « Reports and moderation »: a member reports the other's messages; the admin moderates a reported conversation.
  const moderator = me?.user_type === 'admin' && c.reported;
  const canReport = Boolean(mine) && me?.user_type !== 'admin';
  const names = new Map(c.members.map((m) => [m.id, m.name]));
  const receipts = readReceipts(list, me?.id ?? 0, others);
  const readOnly = c.read_only
    ? i18n.exists(`errors.${c.read_only.code}`)
      ? t(`errors.${c.read_only.code}`, c.read_only.params)
      : t('conversations.readOnly')
    : null;
  return (
    <Stack gap="md" data-testid="conversation-screen">
      <Anchor component={Link} to="/messages" size="sm">
        {t('conversations.back')}
      </Anchor>
      <Stack gap={2}>
        <Title order={1} size="h3">
          {t('conversations.with', { name: others.map((o) => o.name).join(', ') })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('conversations.project')} :{' '}
          <Anchor component={Link} to={`/single-projet/${c.project.id}`} data-testid="conversation-project">
            <bdi>{catalog.project(c.project.name)}</bdi>
          </Anchor>
        </Text>
      </Stack>
      <Card withBorder padding="sm">
        <Stack gap="sm" data-testid="message-list" aria-live="polite">
          {messages.hasNextPage && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => void messages.fetchNextPage()}
              loading={messages.isFetchingNextPage}
              data-testid="messages-older"
            >
              {t('conversations.older')}
            </Button>
          )}
          {list.length === 0 && <Text c="dimmed">{t('conversations.noMessage')}</Text>}
          {list.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.author_id === me?.id}
              authorName={names.get(m.author_id) ?? ''}
              readBy={receipts.get(m.id) ?? null}
              canWrite={c.can_write}
              canReport={canReport}
              moderator={moderator}
            />
          ))}
        </Stack>
      </Card>
      <ErrorAlert error={messages.error} />
      {moderator && <ModerationPanel conversationId={c.id} messages={list} />}
      {c.can_write ? (
        <MessageComposer conversationId={c.id} />
      ) : (
        <Alert color="gray" data-testid="conversation-read-only">
          {readOnly ?? t('conversations.readOnly')}
        </Alert>
      )}
    </Stack>
  );
}
