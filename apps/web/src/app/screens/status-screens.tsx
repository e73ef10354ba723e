import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../components/ui/full-page';
import { useCurrentUser } from '../../lib/auth';

/** `pending`: the page opens once the professional account is validated — say so. */
export function ForbiddenScreen({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid={pending ? 'forbidden-pending' : 'forbidden'}>
      <Title order={1} size="h2">
        {pending ? t('shell.pendingTitle') : t('shell.forbiddenTitle')}
      </Title>
      <Text>{pending ? t('shell.pendingText') : t('shell.forbiddenText')}</Text>
      <Button component={Link} to="/dashboard" w="fit-content">
        {t('shell.backToDashboard')}
      </Button>
    </Stack>
  );
}

/** The way back: the dashboard for a logged-in user, the home page for a visitor (issue 36 §6). */
export function ErrorPage({ kind }: { kind: '404' | '500' }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <FullPage>
      <Stack data-testid={kind === '404' ? 'not-found' : 'server-error'}>
        <Title order={1} size="h2">
          {kind === '404' ? t('shell.notFoundTitle') : t('shell.serverErrorTitle')}
        </Title>
        <Text>{kind === '404' ? t('shell.notFoundText') : t('shell.serverErrorText')}</Text>
        <Button component={Link} to={user ? '/dashboard' : '/'}>
          {user ? t('shell.backToDashboard') : t('shell.backHome')}
        </Button>
      </Stack>
    </FullPage>
  );
}
