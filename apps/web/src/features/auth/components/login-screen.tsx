import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../../components/ui/full-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCurrentUser } from '../../../lib/auth';
import { fieldErrors } from '../../../lib/use-error-message';
import { useLogin } from '../api/login';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = fieldErrors(loginMutation.error);
  const from = (location.state as { from?: string } | null)?.from;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    loginMutation.mutate(
      { email: email.trim(), password },
      { onSuccess: () => navigate(from && from !== '/login' ? from : '/dashboard', { replace: true }) },
    );
  };

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
            <ErrorAlert error={loginMutation.error && Object.keys(fields).length === 0 ? loginMutation.error : null} />
            <TextInput
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fields.email}
            />
            <PasswordInput
              label={t('auth.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fields.password}
            />
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
