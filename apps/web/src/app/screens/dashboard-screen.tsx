import { Alert, Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProfessional } from '@ouvrage/domain';
import { isMenuGroup, sideMenuFor, type MenuLink } from '@ouvrage/contracts';
import { useCurrentUser } from '../../lib/auth';
import { dashboardSections } from '../dashboard-sections';

/** The dashboard: a greeting, the role's shortcuts, then each feature's section for this role. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  const shortcuts: MenuLink[] = sideMenuFor(user)
    .flatMap((entry) => (isMenuGroup(entry) ? entry.children : [entry]))
    .filter((link) => link.to !== '/dashboard');
  const sections = dashboardSections.filter((section) => section.roles.includes(user.user_type));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('dashboard.hello', { name: user.firstname || user.lastname })}
        </Title>
        <Text c="dimmed">{t(`dashboard.roles.${user.user_type}`)}</Text>
      </div>
      {isProfessional(user.user_type) && user.is_validate === 'En attente' && (
        <Alert color="yellow" role="status" data-testid="pending-validation">
          {t('shell.pendingValidation')}
        </Alert>
      )}
      {isProfessional(user.user_type) && user.is_validate === 'Refusé' && <Alert color="red">{t('dashboard.refused')}</Alert>}
      {sections.map(({ key, Component }) => (
        <Component key={key} />
      ))}
      <div>
        <Title order={2} size="h4" mb="sm">
          {t('dashboard.shortcuts')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {shortcuts.map((link) => (
            <UnstyledButton key={link.key} component={Link} to={link.to} state={link.withUserId ? { userId: user.id } : undefined}>
              <Card withBorder padding="md" h="100%">
                <Text fw={600}>{t(link.labelKey)}</Text>
              </Card>
            </UnstyledButton>
          ))}
          {user.user_type === 'admin' && (
            <UnstyledButton component={Link} to="/boite-mail" data-testid="outbox-link">
              <Card withBorder padding="md" h="100%">
                <Text fw={600}>{t('dashboard.outbox')}</Text>
                <Text size="sm" c="dimmed">
                  {t('dashboard.outboxText')}
                </Text>
              </Card>
            </UnstyledButton>
          )}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
