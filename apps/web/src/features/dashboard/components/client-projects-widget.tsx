import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClientDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';
import { ProjectBadges } from './project-badges';
import { EmptyText, WidgetCard } from './widget-card';
import { Ltr } from '../../../components/ui/bdi';

/** The client's latest projects with their state and stage. */
export function ClientProjectsWidget({ projects }: { projects: ClientDashboard['projects'] }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  return (
    <WidgetCard
      title={t('dashboards.client.projects.title')}
      testId="client-projects"
      action={
        <Button component={Link} to="/" size="xs" variant="light">
          {t('dashboards.client.projects.new')}
        </Button>
      }
    >
      {projects.items.length === 0 ? (
        <EmptyText>{t('dashboards.client.projects.none')}</EmptyText>
      ) : (
        <Stack gap="sm">
          {projects.items.map((p) => (
            <Stack key={p.id} gap={4} data-testid={`project-card-${p.id}`}>
              <Anchor component={Link} to={`/single-projet/${p.id}`} fw={600}>
                {t('dashboards.client.projects.project', {
                  id: ltr(String(p.id)),
                  category: catalog.category(p.category_name),
                  bien: catalog.bien(p.bien_name),
                })}
              </Anchor>
              <Text size="sm" c="dimmed">
                <Ltr>{`${p.postcode} ${p.city}`}</Ltr> · <Ltr>{formatDate(p.created_at)}</Ltr>
              </Text>
              <ProjectBadges state={p.state} stage={p.stage} />
            </Stack>
          ))}
          {projects.total > projects.items.length && <Text size="sm">{t('dashboards.common.total', { count: projects.total })}</Text>}
        </Stack>
      )}
    </WidgetCard>
  );
}
