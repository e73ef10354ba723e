import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreateProjectResult } from '@ouvrage/contracts';
import { FullPage } from '../../../components/ui/full-page';
import { ProjectFields } from './project-fields';

/** After submitting: the recap of what was recorded, and what happens next. */
export function JourneyConfirmation({ result, loggedIn }: { result: CreateProjectResult; loggedIn: boolean }) {
  const { t } = useTranslation();
  const p = result.project;
  return (
    <FullPage width={720}>
      <Stack gap="md" data-testid="journey-confirmation">
        <Title order={1} size="h2">
          {t('projects.confirmation.title', { id: p.id })}
        </Title>
        <Alert color="green" role="status">
          {result.account_created ? t('projects.confirmation.accountCreated', { email: p.email }) : t('projects.confirmation.attached')}
        </Alert>
        <Text>{t('projects.confirmation.next')}</Text>
        <Divider label={t('projects.confirmation.recap')} />
        <ProjectFields project={p} />
        {loggedIn ? (
          <Button component={Link} to={`/single-projet/${p.id}`}>
            {t('projects.confirmation.open')}
          </Button>
        ) : (
          <Anchor component={Link} to="/login">
            {t('projects.journey.loginLink')}
          </Anchor>
        )}
      </Stack>
    </FullPage>
  );
}
