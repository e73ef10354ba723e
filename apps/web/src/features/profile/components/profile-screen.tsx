import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Grid, Group, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changeEmailBody, changePasswordBody, updateProfileBody } from '@ouvrage/contracts';
import { isStrongPassword } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { refreshSession } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useChangeEmail, useChangePassword, useProfile, useUpdateProfile, type ProfileView } from '../api/profile';
import { PhoneInput } from '../../../components/ui/phone-input';
import { EmailChoicesSection } from '../../notifications';
import { MyDataSection } from './my-data-section';

/** `/profil` (user id in navigation state, else the logged-in user): details, e-mail, password. */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const [params] = useSearchParams();
  const stateId = (location.state as { userId?: number } | null)?.userId;
  const userId = typeof stateId === 'number' ? stateId : user?.id;
  const profile = useProfile(userId);
  const emailResult = params.get('email');

  useEffect(() => {
    // After following the confirmation link, the stored user gets the new address.
    if (emailResult === 'confirmed') void refreshSession();
  }, [emailResult]);

  if (profile.error) return <ErrorAlert error={profile.error} />;
  if (!profile.data || !userId) return <ScreenLoader />;
  return (
    <Stack maw={860} gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('profile.title')}
        </Title>
        <Badge variant="light">{t(`profile.roles.${profile.data.user_type}`)}</Badge>
      </Group>
      {emailResult === 'confirmed' && (
        <Alert color="teal" role="status">
          {t('profile.emailConfirmed')}
        </Alert>
      )}
      {emailResult === 'invalid' && (
        <Alert color="red" role="alert">
          {t('profile.emailInvalid')}
        </Alert>
      )}
      <DetailsForm userId={userId} profile={profile.data} />
      <EmailForm userId={userId} profile={profile.data} />
      <PasswordForm userId={userId} />
      {userId === user?.id && <EmailChoicesSection />}
      {userId === user?.id && <MyDataSection />}
    </Stack>
  );
}

const DETAILS_SCHEMA = formSchema(updateProfileBody);
const EMAIL_SCHEMA = formSchema(changeEmailBody);
const PASSWORD_SCHEMA = formSchema(changePasswordBody);

function DetailsForm({ userId, profile }: { userId: number; profile: ProfileView }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(userId);
  const form = useContractForm({
    initialValues: {
      civility: profile.civility,
      firstname: profile.firstname,
      lastname: profile.lastname,
      phone: profile.phone ?? '',
      country: profile.country ?? '',
    },
    schema: DETAILS_SCHEMA,
    serverError: update.error,
  });
  const submit = form.onSubmit((v) => update.mutate({ ...v, phone: v.phone || null, country: v.country || null }, { onSuccess: () => void refreshSession() }));
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('profile.details')}
      </Title>
      {update.isSuccess && (
        <Alert color="teal" mb="sm" role="status">
          {t('profile.saved')}
        </Alert>
      )}
      <ErrorAlert error={form.alertError} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <Select label={t('profile.civility')} clearable data={['M.', 'Mme']} {...form.getInputProps('civility')} comboboxProps={{ withinPortal: true }} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label={t('profile.firstname')} required {...form.getInputProps('firstname')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label={t('profile.lastname')} required {...form.getInputProps('lastname')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneInput label={t('profile.phone')} {...form.getInputProps('phone')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('profile.country')} {...form.getInputProps('country')} />
        </Grid.Col>
      </Grid>
      <Button type="submit" mt="md" w="fit-content" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Card>
  );
}

function EmailForm({ userId, profile }: { userId: number; profile: ProfileView }) {
  const { t } = useTranslation();
  const change = useChangeEmail(userId);
  const form = useContractForm({ initialValues: { new_email: '', current_password: '' }, schema: EMAIL_SCHEMA, serverError: change.error });
  const submit = form.onSubmit((body) => change.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="xs">
        {t('profile.emailTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('profile.currentEmail', { email: profile.email })}
      </Text>
      {profile.pending_email && (
        <Alert color="blue" mb="sm" role="status">
          {t('profile.pendingEmail', { email: profile.pending_email })}
        </Alert>
      )}
      <ErrorAlert error={form.alertError} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('profile.newEmail')} type="email" autoComplete="email" required {...form.getInputProps('new_email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PasswordInput label={t('profile.currentPassword')} autoComplete="current-password" required {...form.getInputProps('current_password')} />
        </Grid.Col>
      </Grid>
      <Button type="submit" mt="md" w="fit-content" loading={change.isPending}>
        {t('profile.sendConfirmation')}
      </Button>
    </Card>
  );
}

function PasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const change = useChangePassword(userId);
  const form = useContractForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    schema: PASSWORD_SCHEMA,
    rules: (v) => ({ password_confirmation: v.password !== v.password_confirmation ? t('profile.passwordsDiffer') : null }),
    serverError: change.error,
  });
  const values = form.getValues();
  const submit = form.onSubmit((body) => change.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('profile.passwordTitle')}
      </Title>
      {change.isSuccess && (
        <Alert color="teal" mb="sm" role="status">
          {t('profile.passwordChanged')}
        </Alert>
      )}
      <ErrorAlert error={form.alertError} />
      <Stack gap="sm" maw={420}>
        <PasswordInput label={t('profile.currentPassword')} autoComplete="current-password" required {...form.getInputProps('current_password')} />
        <PasswordInput label={t('profile.newPassword')} autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordRules password={values.password} />
        <PasswordInput
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
          // Said as soon as the two differ, before the submit checks it.
          error={
            form.errors.password_confirmation ??
            (values.password_confirmation && values.password_confirmation !== values.password ? t('profile.passwordsDiffer') : undefined)
          }
        />
        <Button type="submit" loading={change.isPending} disabled={!isStrongPassword(values.password)} w="fit-content">
          {t('profile.changePassword')}
        </Button>
      </Stack>
    </Card>
  );
}
