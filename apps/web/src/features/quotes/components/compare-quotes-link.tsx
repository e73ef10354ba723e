import { Button, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth';
import { useQuoteList } from '../api/quote-list';

/**
 * On the project page, for its client: « Comparer les devis » once the project has received quotes.
 * Renders nothing otherwise (and for anyone else).
 */
export function CompareQuotesLink({ projectId, clientId }: { projectId: number; clientId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isClient = user?.user_type === 'client' && user.id === clientId;
  const quotes = useQuoteList(user?.id ?? 0, { page: 1, per_page: 1, project_id: projectId }, isClient);
  if (!isClient || !quotes.data || quotes.data.total === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="project-quotes">
      <Group justify="space-between">
        <Text>{t('quotes.compare.received', { count: quotes.data.total })}</Text>
        <Button component={Link} to={`/devis/comparer/${projectId}`} variant="light">
          {t('quotes.compare.link')}
        </Button>
      </Group>
    </Card>
  );
}
