import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidated } from '@ouvrage/domain';
import { useCurrentUser } from '../../../lib/auth';
import { useAvailableTenderCount } from '../api/available-tenders';
import { useMyProjects } from '../api/my-projects';
import { useCatalogLabels } from '../../catalog';

/** Dashboard section for a validated professional: available tenders, latest accepted projects, clients. */
export default function ProDashboardSection() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const user = useCurrentUser();
  const validated = !!user && isValidated(user);
  const count = useAvailableTenderCount(validated ? user : null);
  const projects = useMyProjects(user?.id ?? 0, 1, 3, validated);
  if (!user || !validated) return null;
  return (
    <Card withBorder padding="md" data-testid="pro-tenders">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('tenders.dashboard.title')}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text data-testid="pro-available-count">{t('tenders.dashboard.available', { count })}</Text>
          <Anchor component={Link} to="/list-offre">
            {t('tenders.dashboard.see')}
          </Anchor>
        </Group>
        <Text fw={600} size="sm" mt="xs">
          {t('tenders.pro.tabs.projects')}
        </Text>
        {projects.data && projects.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tenders.pro.noProjects')}
          </Text>
        )}
        {projects.data?.items.map((p) => (
          <Anchor key={p.tender_id} component={Link} to={`/single-projet/${p.project.id}`} size="sm">
            {t('tenders.card.title', { category: catalog.category(p.project.category_name), bien: catalog.bien(p.project.bien_name), city: p.project.ville })} —{' '}
            {p.client.firstname} {p.client.lastname}
          </Anchor>
        ))}
        <Group gap="md">
          <Anchor component={Link} to="/list-offre?onglet=projets" size="sm">
            {t('tenders.dashboard.allProjects')}
          </Anchor>
          <Anchor component={Link} to="/list-offre?onglet=clients" size="sm">
            {t('tenders.dashboard.clients')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
