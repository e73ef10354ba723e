import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isProfessional, USER_TYPES } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useCreateAccount, type NewAccount } from '../api/accounts';
import { PhoneInput } from '../../../components/ui/phone-input';

const EMPTY: NewAccount = { user_type: 'client', civility: null, firstname: '', lastname: '', email: '', phone: null, raison_sociale: null };

/** `/gestion-user/new`: create a user of any role; they receive a link to choose their password. */
export default function NewUserScreen() {
  const { t } = useTranslation();
  const create = useCreateAccount();
  const [form, setForm] = useState<NewAccount>(EMPTY);
  const fields = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { ...form, phone: form.phone || null, raison_sociale: isProfessional(form.user_type) ? form.raison_sociale || null : null },
      { onSuccess: () => setForm(EMPTY) },
    );
  };
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('menu.userNew')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('users.new.intro')}
      </Text>
      {create.isSuccess && (
        <Alert color="teal" role="status" data-testid="user-created">
          {create.data.message}
        </Alert>
      )}
      <Card withBorder component="form" onSubmit={submit} noValidate>
        <ErrorAlert error={create.error && Object.keys(fields).length === 0 ? create.error : null} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('users.filters.role')}
              required
              allowDeselect={false}
              data={USER_TYPES.map((v) => ({ value: v, label: t(`users.roles.${v}`) }))}
              value={form.user_type}
              onChange={(v) => setForm({ ...form, user_type: v ?? 'client' })}
              error={fields.user_type}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('users.civility')}
              clearable
              data={['M.', 'Mme']}
              value={form.civility}
              onChange={(v) => setForm({ ...form, civility: (v as 'M.' | 'Mme' | null) ?? null })}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('users.firstname')}
              required
              value={form.firstname}
              onChange={(e) => setForm({ ...form, firstname: e.currentTarget.value })}
              error={fields.firstname}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('users.lastname')}
              required
              value={form.lastname}
              onChange={(e) => setForm({ ...form, lastname: e.currentTarget.value })}
              error={fields.lastname}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('users.email')}
              type="email"
              required
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
              error={fields.email}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhoneInput label={t('users.phone')} value={form.phone ?? ''} onChange={(phone) => setForm({ ...form, phone })} error={fields.phone} />
          </Grid.Col>
          {isProfessional(form.user_type) && (
            <Grid.Col span={12}>
              <TextInput
                label={t('professionals.legal.raisonSociale')}
                value={form.raison_sociale ?? ''}
                onChange={(e) => setForm({ ...form, raison_sociale: e.currentTarget.value })}
                error={fields.raison_sociale}
              />
            </Grid.Col>
          )}
        </Grid>
        <Button type="submit" mt="md" w="fit-content" loading={create.isPending}>
          {t('users.new.submit')}
        </Button>
      </Card>
    </Stack>
  );
}
