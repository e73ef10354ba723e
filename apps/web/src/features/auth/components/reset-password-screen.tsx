import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody, saveNewPasswordBody } from '@ouvrage/contracts';
import { isStrongPassword } from '@ouvrage/domain';
import { FullPage } from '../../../components/ui/full-page';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useSaveNewPassword } from '../api/save-new-password';

const REQUEST_SCHEMA = formSchema(forgotPasswordBody);
const NEW_PASSWORD_SCHEMA = formSchema(saveNewPasswordBody);

/** Without `?token`: ask for a reset link. With it: choose the new password. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <FullPage>{token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}</FullPage>;
}

function RequestLinkForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useContractForm({ initialValues: { email: '' }, schema: REQUEST_SCHEMA, serverError: request.error });
  const submit = form.onSubmit(({ email }) => request.mutate(email.trim()));
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
          {t(`auth.notices.${request.data.notice}`, { defaultValue: request.data.message })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ErrorAlert error={form.alertError} />
            <TextInput label={t('auth.email')} name="email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
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
  const form = useContractForm({
    initialValues: { password: '', password_confirmation: '' },
    schema: NEW_PASSWORD_SCHEMA,
    toBody: (v) => ({ ...v, token }),
    rules: (v) => ({ password_confirmation: v.password !== v.password_confirmation ? t('auth.passwordsDiffer') : null }),
    serverError: save.error,
  });
  const { password } = form.getValues();
  const submit = form.onSubmit((v) => save.mutate({ token, ...v }));

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
        {/* A refused link (`token`) has no field of its own: it goes to the alert. */}
        <ErrorAlert error={form.alertError} />
        <PasswordInput label={t('auth.newPassword')} name="password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordRules password={password} />
        <PasswordInput
          label={t('auth.confirmPassword')}
          name="password_confirmation"
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!isStrongPassword(password)}
          aria-describedby={isStrongPassword(password) ? undefined : 'save-password-why'}
        >
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
