import { useState } from 'react';
import { Button, Card, ColorInput, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteSettings, QuoteSettingsBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCurrentUser } from '../../../lib/auth';
import { fieldErrors } from '../../../lib/use-error-message';
import { useQuoteSettings, type SettingsScope } from '../api/quote-settings';
import { useSaveQuoteSettings } from '../api/save-quote-settings';
import { ConditionsFields } from './conditions-fields';
import { IssuerPanel } from './issuer-panel';
import { MediatorCard } from './mediator-card';
import { LatePaymentRatesCard } from '../../invoices';
import { SettingsLogoCard } from './settings-logo-card';

const bodyOf = (s: QuoteSettings): QuoteSettingsBody => ({
  accent_color: s.accent_color,
  number_prefix: s.number_prefix,
  validity_days: s.validity_days,
  deposit_bp: s.deposit_bp,
  payment_terms: s.payment_terms,
  late_penalty_bp: s.late_penalty_bp,
  retention_bp: s.retention_bp,
  free_text: s.free_text,
  general_conditions: s.general_conditions,
});

function SettingsForm({ scope, settings }: { scope: SettingsScope; settings: QuoteSettings }) {
  const { t } = useTranslation();
  const save = useSaveQuoteSettings(scope);
  const [values, setValues] = useState(() => bodyOf(settings));
  const [saved, setSaved] = useState(false);
  const errors = fieldErrors(save.error);
  const set = (patch: Partial<QuoteSettingsBody>) => {
    setSaved(false);
    setValues((v) => ({ ...v, ...patch }));
  };
  return (
    <Card withBorder component="section" aria-labelledby="quote-settings-form-title">
      <Title order={2} size="h4" mb="sm" id="quote-settings-form-title">
        {t('quoteSettings.form.title')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(values, { onSuccess: () => setSaved(true) });
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <ColorInput
              label={t('quoteSettings.form.accentColor')}
              format="hex"
              value={values.accent_color}
              onChange={(accent_color) => set({ accent_color })}
              error={errors.accent_color}
              eyeDropperButtonProps={{ 'aria-label': t('quoteSettings.form.eyeDropper') }}
              swatches={['#1c7ed6', '#0b7285', '#2b8a3e', '#e8590c', '#c92a2a', '#5f3dc4', '#343a40']}
            />
            <TextInput
              label={t('quoteSettings.form.prefix')}
              description={t('quoteSettings.form.prefixHelp', { example: `${values.number_prefix || 'D'}-${new Date().getFullYear()}-0001` })}
              value={values.number_prefix}
              onChange={(e) => set({ number_prefix: e.currentTarget.value.toUpperCase() })}
              error={errors.number_prefix}
              maxLength={6}
            />
          </Group>
          <ConditionsFields values={values} onChange={set} errors={errors} />
          <ErrorAlert error={save.error && Object.keys(errors).length === 0 ? save.error : null} />
          <Group justify="flex-end">
            {saved && (
              <Text c="teal.8" role="status" size="sm">
                {t('quoteSettings.form.saved')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('quoteSettings.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * `/devis/parametre` (« Personnaliser »): an architect's own quote settings with the issuer panel;
 * for an admin, the platform's defaults (`admin/devis-option`) every architect starts from.
 */
export default function QuoteSettingsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const scope: SettingsScope = user?.user_type === 'admin' ? 'platform' : 'own';
  const settings = useQuoteSettings(scope);

  return (
    <Stack>
      <Title order={1} size="h2">
        {scope === 'platform' ? t('quoteSettings.platformTitle') : t('quoteSettings.title')}
      </Title>
      <Text c="dimmed">{scope === 'platform' ? t('quoteSettings.platformIntro') : t('quoteSettings.intro')}</Text>
      {settings.error ? (
        <ErrorAlert error={settings.error} />
      ) : !settings.data ? (
        <ScreenLoader />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: scope === 'own' ? 7 : 12 }}>
            <Stack>
              <SettingsLogoCard scope={scope} settings={settings.data} />
              <SettingsForm key={scope} scope={scope} settings={settings.data} />
              {scope === 'platform' && <MediatorCard />}
              {scope === 'platform' && <LatePaymentRatesCard />}
            </Stack>
          </Grid.Col>
          {scope === 'own' && (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <IssuerPanel issuer={settings.data.issuer} missing={settings.data.missing_mentions} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
