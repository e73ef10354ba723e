import { Button, Card, Checkbox, Grid, Group, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { preferences } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { usePreferences, useSetPreferences, type Preferences } from '../api/profile';
import { useCatalogChoices } from '../api/reference-lists';
import { EnterprisePage } from './enterprise-page';
import { useCatalogLabels } from '../../catalog';
import { notifySaved } from './form-helpers';

/** `/entreprise/preference`: categories and goods wanted, budget range, client types, notifications. */
export default function PreferencesScreen() {
  return (
    <EnterprisePage titleKey="menu.enterprisePreferences" introKey="professionals.preferences.intro">
      {(userId) => <PreferencesForm userId={userId} />}
    </EnterprisePage>
  );
}

const PREFERENCES_SCHEMA = formSchema(preferences);

function PreferencesForm({ userId }: { userId: number }) {
  const current = usePreferences(userId);
  const catalog = useCatalogChoices();
  if (current.error || catalog.error) return <ErrorAlert error={current.error ?? catalog.error} />;
  if (!current.data || !catalog.data) return <ScreenLoader />;
  return <PreferencesFields userId={userId} initial={current.data} catalog={catalog.data} />;
}

function PreferencesFields({
  userId,
  initial,
  catalog,
}: {
  userId: number;
  initial: Preferences;
  catalog: NonNullable<ReturnType<typeof useCatalogChoices>['data']>;
}) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const save = useSetPreferences(userId);
  const form = useContractForm({ initialValues: initial, source: initial, schema: PREFERENCES_SCHEMA, serverError: save.error });
  const prefs = form.getValues();
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: () => notifySaved(t('professionals.saved')) }));
  const ids = (path: 'category_ids' | 'bien_ids') => ({
    ...form.getInputProps(path),
    value: prefs[path].map(String),
    onChange: (v: string[]) => form.setFieldValue(path, v.map(Number)),
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={form.alertError} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox.Group label={t('professionals.preferences.categories')} {...ids('category_ids')}>
              <Stack gap={6} mt="xs">
                {catalog.categories.map((c) => (
                  <Checkbox key={c.id} value={String(c.id)} label={labels.category(c.name)} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox.Group label={t('professionals.preferences.biens')} {...ids('bien_ids')}>
              <Stack gap={6} mt="xs">
                {catalog.biens.map((b) => (
                  <Checkbox key={b.id} value={String(b.id)} label={labels.bien(b.name)} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Grid.Col>
        </Grid>
        <Title order={2} size="h5">
          {t('professionals.preferences.budget')}
        </Title>
        {/* Negative amounts are let through for the contract to refuse them with its rule (issue 15). */}
        <Group grow maw={520}>
          <MoneyInput label={t('professionals.preferences.budgetMin')} allowNegative {...form.getInputProps('budget_min_cents')} />
          <MoneyInput label={t('professionals.preferences.budgetMax')} allowNegative {...form.getInputProps('budget_max_cents')} />
        </Group>
        <Checkbox.Group label={t('professionals.preferences.clientTypes')} {...form.getInputProps('client_types')}>
          <Group mt="xs">
            {(['particulier', 'entreprise'] as const).map((type) => (
              <Checkbox key={type} value={type} label={t(`professionals.preferences.client.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Title order={2} size="h5">
          {t('professionals.preferences.notifications')}
        </Title>
        <Stack gap="xs">
          <Switch label={t('professionals.preferences.notifyEmail')} {...form.getInputProps('notify_tender_email', { type: 'checkbox' })} />
          <Switch label={t('professionals.preferences.notifySms')} {...form.getInputProps('notify_tender_sms', { type: 'checkbox' })} />
          <Switch label={t('professionals.preferences.notifyDigest')} {...form.getInputProps('notify_weekly_digest', { type: 'checkbox' })} />
        </Stack>
        <Button type="submit" loading={save.isPending} w="fit-content">
          {t('common.save')}
        </Button>
      </Stack>
    </Card>
  );
}
