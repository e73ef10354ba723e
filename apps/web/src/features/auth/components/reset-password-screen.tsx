import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '@ouvrage/domain';
import { FullPage } from '../../../components/ui/full-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { fieldErrors } from '../../../lib/use-error-message';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useSaveNewPassword } from '../api/save-new-password';

/** Without `?token`: ask for a reset link. With it: choose the new password. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <FullPage>{token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}</FullPage>;
}

function RequestLinkForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('auth.resetTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('auth.resetIntro')}
      </Text>
      {request.isSuccess ? (
        <Alert color="teal" role="status" data-testid="reset-sent">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ErrorAlert error={request.error && !fieldErrors(request.error).email ? request.error : null} />
            <TextInput
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors(request.error).email}
            />
            <Button type="submit" loading={request.isPending}>
              {t('auth.resetSend')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const save = useSaveNewPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const fields = fieldErrors(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      setLocalError(t('auth.passwordsDiffer'));
      return;
    }
    setLocalError(null);
    save.mutate({ token, password, password_confirmation: confirmation });
  };

  if (save.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" role="status" data-testid="password-saved">
          {t('auth.passwordSaved')}
        </Alert>
        <Button component={Link} to="/login">
          {t('auth.submit')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('auth.newPasswordTitle')}
        </Title>
        <ErrorAlert error={save.error && (fields.token || Object.keys(fields).length === 0) ? save.error : null} />
        <PasswordInput
          label={t('auth.newPassword')}
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fields.password}
        />
        <PasswordRules password={password} />
        <PasswordInput
          label={t('auth.confirmPassword')}
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={localError ?? fields.password_confirmation}
        />
        <Button type="submit" loading={save.isPending} disabled={!isStrongPassword(password)} aria-describedby={isStrongPassword(password) ? undefined : 'save-password-why'}>
          {t('auth.savePassword')}
        </Button>
        {!isStrongPassword(password) && (
          <Text size="sm" id="save-password-why" data-testid="disabled-reason">
            {t('auth.disabledWeakPassword')}
          </Text>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
