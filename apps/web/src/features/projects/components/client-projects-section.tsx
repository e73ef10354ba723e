import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useClientProjects } from '../api/project-lists';
import { StageBadge, StateBadge } from './project-fields';
import { useCatalogLabels } from '../../catalog';

/** The client's dashboard section: their projects with state and stage. */
export default function ClientProjectsSection() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const user = useCurrentUser();
  const projects = useClientProjects(user?.id);
  return (
    <Stack gap="sm" data-testid="client-projects">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('projects.client.title')}
        </Title>
        <Button component={Link} to="/" size="xs" variant="light">
          {t('projects.client.new')}
        </Button>
      </Group>
      <ErrorAlert error={projects.error} />
      {projects.isPending ? (
        <ScreenLoader />
      ) : projects.data?.items.length === 0 ? (
        <Text c="dimmed">{t('projects.client.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {projects.data?.items.map((p) => (
            <Card key={p.id} withBorder padding="md" data-testid={`project-card-${p.id}`}>
              <Stack gap={6}>
                <Anchor component={Link} to={`/single-projet/${p.id}`} fw={600}>
                  {t('projects.page.title', { id: p.id })} — {catalog.category(p.category_name)}, {catalog.bien(p.bien_name)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {p.codePostale} {p.ville} · {formatDate(p.created_at)}
                </Text>
                <Group gap="xs">
                  <StateBadge state={p.state} />
                  <StageBadge stage={p.stage} />
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
