import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArchitectDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';

const STATE_COLORS: Record<string, string> = { releasable: 'green', waiting: 'blue', blocked: 'orange', awaiting_signature: 'gray' };

/** Retenues de garantie still withheld: those to release now first, then by release date. */
export function GuaranteesWidget({ guarantees }: { guarantees: ArchitectDashboard['guarantees'] }) {
  const { t } = useTranslation();
  return (
    <WidgetCard order={3} title={t('dashboards.architect.guarantees.title')} testId="guarantees" figure={guarantees.total}>
      {guarantees.items.length === 0 ? (
        <EmptyText>{t('dashboards.architect.guarantees.none')}</EmptyText>
      ) : (
        <Stack gap="xs">
          {guarantees.releasable > 0 && (
            <Text size="sm" fw={600} c="green.9">
              {t('dashboards.architect.guarantees.releasable', { count: guarantees.releasable, amount: ltr(formatEuros(guarantees.releasable_cents)) })}
            </Text>
          )}
          {guarantees.items.map((g) => (
            <Group key={g.reception_id} justify="space-between" wrap="nowrap" gap="xs" data-testid={`guarantee-${g.reception_id}`}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/devis/${g.quote_id}/reception`} fw={600} size="sm">
                  {t('dashboards.architect.guarantees.quote', { label: ltr(g.quote_label) })}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('dashboards.architect.guarantees.releaseOn', { date: ltr(formatDate(g.release_date)) })} · {formatEuros(g.retention_cents)}
                </Text>
              </Stack>
              <Badge color={STATE_COLORS[g.state] ?? 'gray'} variant="light" size="sm" style={{ flexShrink: 0 }}>
                {t(`dashboards.architect.guarantees.states.${g.state}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
