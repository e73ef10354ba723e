import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@ouvrage/contracts';
import { formatDateTime } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';

/** One conversation: who, which project, the last message, and how many are unread. */
export function ConversationCard({ conversation: c }: { conversation: ConversationItem }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const last = c.last_message;
  // A message of files or a document card only has no text to show: say what it carries.
  const excerpt = !last
    ? t('conversations.noMessage')
    : last.deleted
      ? t('conversations.deleted')
      : last.hidden && !last.excerpt
        ? t('conversations.hidden')
        : last.excerpt || (last.reference ? t('conversations.documentOnly') : t('conversations.filesOnly'));
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      data-testid="conversation-row"
      data-unread={c.unread > 0 ? 'true' : 'false'}
      style={{ borderInlineStart: c.unread > 0 ? '4px solid var(--mantine-color-ouvrage-6, #1c5d99)' : undefined }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Anchor
            component={Link}
            to={`/messages/${c.id}`}
            fw={c.unread > 0 ? 700 : 600}
            miw={0}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="conversation-open"
          >
            <bdi>{c.counterpart.name}</bdi>
          </Anchor>
          {c.unread > 0 && (
            <Badge color="red" variant="filled" style={{ flexShrink: 0 }} data-testid="conversation-unread">
              {t('conversations.unread', { count: c.unread })}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t(`conversations.roles.${c.counterpart.user_type}`)} · <bdi>{catalog.project(c.project.name)}</bdi>
        </Text>
        <Text
          size="sm"
          lineClamp={2}
          dir="auto"
          fs={c.last_message?.deleted || c.last_message?.hidden ? 'italic' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {excerpt}
        </Text>
        {c.last_message && (
          <Text size="xs" c="dimmed">
            {formatDateTime(c.last_message.created_at)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
