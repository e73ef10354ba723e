import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, Grid, Group, NumberInput, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fieldErrors } from '../../../lib/use-error-message';
import { usePreferences, useSetPreferences, type Preferences } from '../api/profile';
import { useCatalogChoices } from '../api/reference-lists';
import { EnterprisePage } from './enterprise-page';
import { useCatalogLabels } from '../../catalog';
import { centsToEuros, eurosToCents, notifySaved } from './form-helpers';

/** `/entreprise/preference`: categories and goods wanted, budget range, client types, notifications. */
export default function PreferencesScreen() {
  return (
    <EnterprisePage titleKey="menu.enterprisePreferences" introKey="professionals.preferences.intro">
      {(userId) => <PreferencesForm userId={userId} />}
    </EnterprisePage>
  );
}

function PreferencesForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const current = usePreferences(userId);
  const catalog = useCatalogChoices();
  const labels = useCatalogLabels();
  const save = useSetPreferences(userId);
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [budget, setBudget] = useState<{ min: number | string; max: number | string }>({ min: '', max: '' });
  useEffect(() => {
    if (!current.data) return;
    setPrefs(current.data);
    setBudget({ min: centsToEuros(current.data.budget_min_cents), max: centsToEuros(current.data.budget_max_cents) });
  }, [current.data]);
  const fields = fieldErrors(save.error);
  if (current.error || catalog.error) return <ErrorAlert error={current.error ?? catalog.error} />;
  if (!prefs || !catalog.data) return <ScreenLoader />;


  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...prefs, budget_min_cents: eurosToCents(budget.min), budget_max_cents: eurosToCents(budget.max) },
      { onSuccess: () => notifySaved(t('professionals.saved')) },
    );
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={save.error && Object.keys(fields).length === 0 ? save.error : null} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox.Group
              label={t('professionals.preferences.categories')}
              error={fields.category_ids}
              value={prefs.category_ids.map(String)}
              onChange={(v) => setPrefs({ ...prefs, category_ids: v.map(Number) })}
            >
              <Stack gap={6} mt="xs">
                {catalog.data.categories.map((c) => (
                  <Checkbox key={c.id} value={String(c.id)} label={labels.category(c.name)} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox.Group
              label={t('professionals.preferences.biens')}
              error={fields.bien_ids}
              value={prefs.bien_ids.map(String)}
              onChange={(v) => setPrefs({ ...prefs, bien_ids: v.map(Number) })}
            >
              <Stack gap={6} mt="xs">
                {catalog.data.biens.map((b) => (
                  <Checkbox key={b.id} value={String(b.id)} label={labels.bien(b.name)} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Grid.Col>
        </Grid>
        <Title order={2} size="h5">
          {t('professionals.preferences.budget')}
        </Title>
        <Group grow maw={520}>
          <NumberInput clampBehavior="none" label={t('professionals.preferences.budgetMin')} min={0} decimalScale={2} thousandSeparator=" " decimalSeparator="," suffix=" €" value={budget.min} onChange={(v) => setBudget((b) => ({ ...b, min: v }))} error={fields.budget_min_cents} />
          <NumberInput clampBehavior="none" label={t('professionals.preferences.budgetMax')} min={0} decimalScale={2} thousandSeparator=" " decimalSeparator="," suffix=" €" value={budget.max} onChange={(v) => setBudget((b) => ({ ...b, max: v }))} error={fields.budget_max_cents} />
        </Group>
        <Checkbox.Group
          label={t('professionals.preferences.clientTypes')}
          error={fields.client_types}
          value={prefs.client_types}
          onChange={(v) => setPrefs({ ...prefs, client_types: v.filter((x): x is 'particulier' | 'entreprise' => x === 'particulier' || x === 'entreprise') })}
        >
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
          <Switch label={t('professionals.preferences.notifyEmail')} checked={prefs.notify_tender_email} onChange={(e) => setPrefs({ ...prefs, notify_tender_email: e.currentTarget.checked })} />
          <Switch label={t('professionals.preferences.notifySms')} checked={prefs.notify_tender_sms} onChange={(e) => setPrefs({ ...prefs, notify_tender_sms: e.currentTarget.checked })} error={fields.notify_tender_sms} />
          <Switch label={t('professionals.preferences.notifyDigest')} checked={prefs.notify_weekly_digest} onChange={(e) => setPrefs({ ...prefs, notify_weekly_digest: e.currentTarget.checked })} />
        </Stack>
        <Button type="submit" loading={save.isPending} w="fit-content">
          {t('common.save')}
        </Button>
      </Stack>
    </Card>
  );
}
