import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClientDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';
import { Ltr } from '../../../components/ui/bdi';

/** The client's invoices with something left to pay, overdue first, and the amount due. */
export function InvoicesToPayWidget({ invoices }: { invoices: ClientDashboard['invoices_to_pay'] }) {
  const { t } = useTranslation();
  return (
    <WidgetCard
      title={t('dashboards.client.invoices.title')}
      testId="invoices-to-pay"
      figure={formatEuros(invoices.due_cents)}
      action={
        <Anchor component={Link} to="/facture/list" size="sm">
          {t('dashboards.common.seeAll')}
        </Anchor>
      }
    >
      {invoices.items.length === 0 ? (
        <EmptyText>{t('dashboards.client.invoices.none')}</EmptyText>
      ) : (
        <Stack gap="xs">
          {invoices.overdue_count > 0 && (
            <Text size="sm" c="red.8" fw={600}>
              {t('dashboards.client.invoices.overdue', { amount: ltr(formatEuros(invoices.overdue_cents)) })}
            </Text>
          )}
          {invoices.items.map((i) => (
            <Group key={i.id} justify="space-between" wrap="nowrap" gap="xs" data-testid={`invoice-to-pay-${i.id}`}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/facture/${i.id}`} fw={600}>
                  <Ltr>{i.number}</Ltr>
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('dashboards.client.invoices.dueDate', { date: ltr(formatDate(i.due_date)) })}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(i.left_cents)}
                </Text>
                {i.overdue && (
                  <Badge color="red" variant="light" size="sm">
                    {t('dashboards.client.invoices.late')}
                  </Badge>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
