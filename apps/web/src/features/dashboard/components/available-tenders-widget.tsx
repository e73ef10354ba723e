import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfessionalDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';
import { EmptyText, WidgetCard } from './widget-card';

/** Tenders the professional can answer now, the nearest deadline first. */
export function AvailableTendersWidget({ tenders, validated }: { tenders: ProfessionalDashboard['tenders_available']; validated: boolean }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  return (
    <WidgetCard
      title={t('dashboards.pro.tenders.title')}
      testId="available-tenders"
      figure={tenders.total}
      action={
        validated ? (
          <Anchor component={Link} to="/list-offre" size="sm">
            {t('dashboards.common.seeAll')}
          </Anchor>
        ) : undefined
      }
    >
      {tenders.items.length === 0 ? (
        <EmptyText>{validated ? t('dashboards.pro.tenders.none') : t('dashboards.pro.tenders.pending')}</EmptyText>
      ) : (
        <Stack gap="xs">
          {tenders.items.map((tender) => (
            <Stack key={tender.id} gap={0}>
              <Anchor component={Link} to="/list-offre" fw={600} size="sm">
                {t('dashboards.pro.tenders.tender', {
                  category: catalog.category(tender.category_name),
                  bien: catalog.bien(tender.bien_name),
                  city: tender.city,
                })}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('dashboards.pro.tenders.deadline', { date: ltr(formatDateTime(tender.reply_deadline)) })}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
