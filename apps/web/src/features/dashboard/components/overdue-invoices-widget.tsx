import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArchitectDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';
import { Ltr } from '../../../components/ui/bdi';

/** The architect's overdue invoices, the oldest due first, and what is left to collect. */
export function OverdueInvoicesWidget({ overdue }: { overdue: ArchitectDashboard['overdue_invoices'] }) {
  const { t } = useTranslation();
  return (
    <WidgetCard
      order={3}
      title={t('dashboards.architect.overdue.title')}
      testId="overdue-invoices"
      figure={overdue.total}
      action={
        <Anchor component={Link} to="/facture/list" size="sm">
          {t('dashboards.common.seeAll')}
        </Anchor>
      }
    >
      {overdue.items.length === 0 ? (
        <EmptyText>{t('dashboards.architect.overdue.none')}</EmptyText>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="red.8" fw={600}>
            {t('dashboards.architect.overdue.sum', { amount: ltr(formatEuros(overdue.left_cents)) })}
          </Text>
          {overdue.items.map((i) => (
            <Group key={i.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/facture/${i.id}`} fw={600} size="sm">
                  <Ltr>{i.number}</Ltr>
                </Anchor>
                <Text size="xs" c="dimmed" truncate dir="auto">
                  <bdi>{i.client_name}</bdi> · {t('dashboards.architect.overdue.dueOn', { date: ltr(formatDate(i.due_date)) })}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(i.left_cents)}
                </Text>
                <Text size="xs" c="red.8" style={{ whiteSpace: 'nowrap' }}>
                  {t('dashboards.architect.overdue.daysLate', { days: i.days_late })}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
