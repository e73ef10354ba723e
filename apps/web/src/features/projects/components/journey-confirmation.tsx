import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreateProjectResult } from '@ouvrage/contracts';
import { FullPage } from '../../../components/ui/full-page';
import { ProjectFields } from './project-fields';

/**
 * After submitting. A logged-in client: the recap of the recorded project. A visitor: the next step
 * is in their mailbox — the answer never says whether the address already had an account.
 */
export function JourneyConfirmation({ result, email }: { result: CreateProjectResult; email: string }) {
  const { t } = useTranslation();
  const p = result.project;
  if (!p) {
    return (
      <FullPage width={720}>
        <Stack gap="md" data-testid="journey-confirmation">
          <Title order={1} size="h2">
            {t('projects.confirmation.sentTitle')}
          </Title>
          <Alert color="green" role="status">
            {t('projects.confirmation.checkMail', { email })}
          </Alert>
          <Text>{t('projects.confirmation.next')}</Text>
          <Anchor component={Link} to="/login">
            {t('projects.journey.loginLink')}
          </Anchor>
        </Stack>
      </FullPage>
    );
  }
  return (
    <FullPage width={720}>
      <Stack gap="md" data-testid="journey-confirmation">
        <Title order={1} size="h2">
          {t('projects.confirmation.title', { id: p.id })}
        </Title>
        <Alert color="green" role="status">
          {t('projects.confirmation.attached')}
        </Alert>
        <Text>{t('projects.confirmation.next')}</Text>
        <Divider label={t('projects.confirmation.recap')} />
        <ProjectFields project={p} />
        <Button component={Link} to={`/single-projet/${p.id}`}>
          {t('projects.confirmation.open')}
        </Button>
      </Stack>
    </FullPage>
  );
}
