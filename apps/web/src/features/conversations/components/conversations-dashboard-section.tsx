import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { conversationPageQuery } from '../api/conversations';
import { ConversationCard } from './conversation-card';

const SHOWN = 4;
const latest = () => conversationPageQuery({ page: 1, per_page: SHOWN });

/** Read before the dashboard's first render (`app/dashboard-sections.tsx`, decision 0971). */
export const prefetch = (client: QueryClient) => client.prefetchQuery(latest());

/** On the client's dashboard: her latest conversations, unread first (decision 1230); nothing before the first one. */
export default function ConversationsDashboardSection() {
  const { t } = useTranslation();
  const list = useQuery(latest());
  if (list.error) return <ErrorAlert error={list.error} />;
  if (!list.data || list.data.items.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="dashboard-conversations">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4">
          {t('conversations.title')}
        </Title>
        <Anchor component={Link} to="/messages" size="sm">
          {t('conversations.back')}
        </Anchor>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.data.items.map((c) => (
          <ConversationCard key={c.id} conversation={c} />
        ))}
      </Stack>
    </Card>
  );
}
