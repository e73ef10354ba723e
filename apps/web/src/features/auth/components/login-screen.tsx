import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../../components/ui/full-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCurrentUser } from '../../../lib/auth';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useLogin } from '../api/login';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const loginMutation = useLogin();
  // No schema here: the login page is a first page, without zod (decision 0948); the API checks.
  const form = useContractForm({ initialValues: { email: '', password: '' }, serverError: loginMutation.error });
  const from = (location.state as { from?: string } | null)?.from;

  const submit = form.onSubmit(({ email, password }) =>
    loginMutation.mutate({ email: email.trim(), password }, { onSuccess: () => navigate(from && from !== '/login' ? from : '/dashboard', { replace: true }) }),
  );

  return (
    <FullPage>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('auth.loginTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.loginSubtitle')}
          </Text>
        </div>
        {user && (
          <Text size="sm">
            {t('auth.alreadyLogged', { name: user.firstname })}{' '}
            <Anchor component={Link} to="/dashboard">
              {t('auth.goDashboard')}
            </Anchor>
          </Text>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ErrorAlert error={form.alertError} />
            <TextInput label={t('auth.email')} name="email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
            <PasswordInput label={t('auth.password')} name="password" autoComplete="current-password" required {...form.getInputProps('password')} />
            <Group justify="space-between" mt="xs">
              <Anchor component={Link} to="/reset-password" size="sm">
                {t('auth.forgot')}
              </Anchor>
              <Button type="submit" loading={loginMutation.isPending}>
                {t('auth.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        <Text size="sm">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to="/">
            {t('auth.startProject')}
          </Anchor>
        </Text>
        <Text size="sm">
          {t('auth.areYouPro')}{' '}
          <Anchor component={Link} to="/professionnel">
            {t('auth.proSpace')}
          </Anchor>
        </Text>
        <Anchor component={Link} to="/verification" size="sm">
          {t('sealVerification.loginLink')}
        </Anchor>
      </Stack>
    </FullPage>
  );
}
