import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@ouvrage/contracts';
import { ListScreen } from '../../../components/ui/list-screen';
import { useListQuery } from '../../../lib/list-query';
import { conversationPageQuery } from '../api/conversations';
import { ConversationCard } from './conversation-card';

const PER_PAGE = 20;

/**
 * `/messages`: my conversations, unread first then the latest activity (decision 1230), as cards at
 * every width — a phone reads them without sideways scroll.
 */
export default function ConversationsScreen() {
  const { t } = useTranslation();
  const list = useListQuery({ filters: {}, perPage: PER_PAGE, query: conversationPageQuery });
  return (
    <ListScreen
      list={list}
      title={t('conversations.title')}
      data-testid="conversations-screen"
      count={false}
      emptyText={t('conversations.empty')}
      table={{ columns: [], rowKey: (c: ConversationItem) => c.id }}
      body={(rows) => (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((c) => (
            <ConversationCard key={c.id} conversation={c} />
          ))}
        </Stack>
      )}
    >
      <Text c="dimmed" size="sm">
        {t('conversations.intro')}
      </Text>
    </ListScreen>
  );
}
