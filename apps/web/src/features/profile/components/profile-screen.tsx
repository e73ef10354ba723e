import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Grid, Group, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { refreshSession } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { fieldErrors } from '../../../lib/use-error-message';
import { useChangeEmail, useChangePassword, useProfile, useUpdateProfile, type ProfileView } from '../api/profile';
import { PhoneInput } from '../../../components/ui/phone-input';
import { EmailChoicesSection } from '../../notifications';

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
    </Stack>
  );
}

function DetailsForm({ userId, profile }: { userId: number; profile: ProfileView }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(userId);
  const [form, setForm] = useState({ civility: profile.civility, firstname: profile.firstname, lastname: profile.lastname, phone: profile.phone ?? '', country: profile.country ?? '' });
  const fields = fieldErrors(update.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ ...form, phone: form.phone || null, country: form.country || null }, { onSuccess: () => void refreshSession() });
  };
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
      <ErrorAlert error={update.error && Object.keys(fields).length === 0 ? update.error : null} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <Select label={t('profile.civility')} clearable data={['M.', 'Mme']} value={form.civility} onChange={(v) => setForm({ ...form, civility: v })} comboboxProps={{ withinPortal: true }} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label={t('profile.firstname')} required value={form.firstname} onChange={(e) => setForm({ ...form, firstname: e.currentTarget.value })} error={fields.firstname} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label={t('profile.lastname')} required value={form.lastname} onChange={(e) => setForm({ ...form, lastname: e.currentTarget.value })} error={fields.lastname} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneInput label={t('profile.phone')} value={form.phone} onChange={(phone) => setForm({ ...form, phone })} error={fields.phone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('profile.country')} value={form.country} onChange={(e) => setForm({ ...form, country: e.currentTarget.value })} error={fields.country} />
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
  const [form, setForm] = useState({ new_email: '', current_password: '' });
  const fields = fieldErrors(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(form, { onSuccess: () => setForm({ new_email: '', current_password: '' }) });
  };
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
      <ErrorAlert error={change.error && Object.keys(fields).length === 0 ? change.error : null} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('profile.newEmail')} type="email" autoComplete="email" required value={form.new_email} onChange={(e) => setForm({ ...form, new_email: e.currentTarget.value })} error={fields.new_email} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PasswordInput label={t('profile.currentPassword')} autoComplete="current-password" required value={form.current_password} onChange={(e) => setForm({ ...form, current_password: e.currentTarget.value })} error={fields.current_password} />
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
  const [form, setForm] = useState({ current_password: '', password: '', password_confirmation: '' });
  const fields = fieldErrors(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(form, { onSuccess: () => setForm({ current_password: '', password: '', password_confirmation: '' }) });
  };
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
      <ErrorAlert error={change.error && Object.keys(fields).length === 0 ? change.error : null} />
      <Stack gap="sm" maw={420}>
        <PasswordInput label={t('profile.currentPassword')} autoComplete="current-password" required value={form.current_password} onChange={(e) => setForm({ ...form, current_password: e.currentTarget.value })} error={fields.current_password} />
        <PasswordInput label={t('profile.newPassword')} autoComplete="new-password" required value={form.password} onChange={(e) => setForm({ ...form, password: e.currentTarget.value })} error={fields.password} />
        <PasswordRules password={form.password} />
        <PasswordInput
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          required
          value={form.password_confirmation}
          onChange={(e) => setForm({ ...form, password_confirmation: e.currentTarget.value })}
          error={fields.password_confirmation ?? (form.password_confirmation && form.password_confirmation !== form.password ? t('profile.passwordsDiffer') : undefined)}
        />
        <Button type="submit" loading={change.isPending} disabled={!isStrongPassword(form.password)} w="fit-content">
          {t('profile.changePassword')}
        </Button>
      </Stack>
    </Card>
  );
}
