import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfessionalDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';
import { ProjectBadges } from './project-badges';
import { EmptyText, WidgetCard } from './widget-card';

/** Projects whose tender the professional accepted, the latest first, with their state and stage. */
export function AcceptedProjectsWidget({ projects }: { projects: ProfessionalDashboard['accepted_projects'] }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  return (
    <WidgetCard
      title={t('dashboards.pro.projects.title')}
      testId="accepted-projects"
      figure={projects.total}
      action={
        <Anchor component={Link} to="/list-offre?onglet=projets" size="sm">
          {t('dashboards.common.seeAll')}
        </Anchor>
      }
    >
      {projects.items.length === 0 ? (
        <EmptyText>{t('dashboards.pro.projects.none')}</EmptyText>
      ) : (
        <Stack gap="sm">
          {projects.items.map((p) => (
            <Stack key={p.tender_id} gap={4}>
              <Anchor component={Link} to={`/single-projet/${p.project_id}`} fw={600} size="sm">
                {t('dashboards.pro.tenders.tender', { category: catalog.category(p.category_name), bien: catalog.bien(p.bien_name), city: p.city })}
              </Anchor>
              {p.accepted_at && (
                <Text size="xs" c="dimmed">
                  {t('dashboards.pro.projects.acceptedOn', { date: ltr(formatDate(p.accepted_at)) })}
                </Text>
              )}
              <ProjectBadges state={p.state} stage={p.stage} />
            </Stack>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
