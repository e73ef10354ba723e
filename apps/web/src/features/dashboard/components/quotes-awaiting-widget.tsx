import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClientDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';
import { Ltr } from '../../../components/ui/bdi';

/** Quotes sent to the client that wait for their answer, the nearest expiry first. */
export function QuotesAwaitingWidget({ quotes }: { quotes: ClientDashboard['quotes_awaiting'] }) {
  const { t } = useTranslation();
  return (
    <WidgetCard
      title={t('dashboards.client.quotes.title')}
      testId="quotes-awaiting"
      figure={quotes.total}
      action={
        <Anchor component={Link} to="/devis/list" size="sm">
          {t('dashboards.common.seeAll')}
        </Anchor>
      }
    >
      {quotes.items.length === 0 ? (
        <EmptyText>{t('dashboards.client.quotes.none')}</EmptyText>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t('dashboards.client.quotes.sum', { amount: ltr(formatEuros(quotes.total_ttc_cents)) })}</Text>
          {quotes.items.map((q) => (
            <Group key={q.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/devis/${q.id}`} fw={600}>
                  <Ltr>{q.label}</Ltr>
                </Anchor>
                {/* Cut at the typed title's logical end in Arabic too: the line takes the title's direction (decision 1206). */}
                <Text size="xs" c="dimmed" truncate dir="auto">
                  <bdi>{q.title}</bdi>
                  {q.valid_until ? ` · ${t('dashboards.client.quotes.validUntil', { date: ltr(formatDate(q.valid_until)) })}` : ''}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatEuros(q.total_ttc_cents)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
