import { useState } from 'react';
import { Button, Card, ColorInput, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { quoteSettingsBody, type QuoteSettings, type QuoteSettingsBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCurrentUser } from '../../../lib/auth';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useQuoteSettings, type SettingsScope } from '../api/quote-settings';
import { useSaveQuoteSettings } from '../api/save-quote-settings';
import { ConditionsFields, type ConditionValues } from './conditions-fields';
import { IssuerPanel } from './issuer-panel';
import { MediatorCard } from './mediator-card';
import { EInvoicingConnectionsCard } from '../../e-invoicing';
import { LatePaymentRatesCard } from '../../invoices';
import { SettingsLogoCard } from './settings-logo-card';
import { ParticipationCard } from '../../price-references';

const SETTINGS_SCHEMA = formSchema(quoteSettingsBody);

/** The fields `ConditionsFields` shows, shared with the quote editor. */
const CONDITION_FIELDS: ReadonlyArray<keyof ConditionValues> = [
  'validity_days',
  'deposit_bp',
  'late_penalty_bp',
  'retention_bp',
  'payment_terms',
  'free_text',
  'general_conditions',
];

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
  // No `source`: after a save the form keeps what was typed, as it did.
  const form = useContractForm({ initialValues: bodyOf(settings), schema: SETTINGS_SCHEMA, serverError: save.error });
  const [saved, setSaved] = useState(false);
  const values = form.getValues();
  // The conditions are drawn by the component the quote editor shares: their messages (asked of
  // the form, which then knows they are on screen) and their changes go through the form too.
  const conditionErrors: Record<string, string> = {};
  for (const key of CONDITION_FIELDS) {
    const error = form.getInputProps(key).error;
    if (error) conditionErrors[key] = String(error);
  }
  const setConditions = (patch: Partial<ConditionValues>) => {
    for (const [key, value] of Object.entries(patch)) form.setFieldValue(key as keyof ConditionValues, value);
  };
  return (
    <Card withBorder component="section" aria-labelledby="quote-settings-form-title">
      <Title order={2} size="h4" mb="sm" id="quote-settings-form-title">
        {t('quoteSettings.form.title')}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          save.mutate(body, {
            onSuccess: () => {
              form.resetDirty();
              setSaved(true);
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <ColorInput
              label={t('quoteSettings.form.accentColor')}
              format="hex"
              {...form.getInputProps('accent_color')}
              eyeDropperButtonProps={{ 'aria-label': t('quoteSettings.form.eyeDropper') }}
              swatches={['#1c7ed6', '#0b7285', '#2b8a3e', '#e8590c', '#c92a2a', '#5f3dc4', '#343a40']}
            />
            <TextInput
              label={t('quoteSettings.form.prefix')}
              description={t('quoteSettings.form.prefixHelp', { example: `${values.number_prefix || 'D'}-${new Date().getFullYear()}-0001` })}
              {...form.getInputProps('number_prefix')}
              onChange={(e) => form.setFieldValue('number_prefix', e.currentTarget.value.toUpperCase())}
              maxLength={6}
            />
          </Group>
          <ConditionsFields values={values} onChange={setConditions} errors={conditionErrors} />
          <ErrorAlert error={form.alertError} />
          <Group justify="flex-end">
            {saved && !form.isDirty() && (
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
              {scope === 'platform' && <EInvoicingConnectionsCard />}
            </Stack>
          </Grid.Col>
          {scope === 'own' && (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack>
                <IssuerPanel issuer={settings.data.issuer} missing={settings.data.missing_mentions} />
                {user?.user_type === 'architecte' && user.is_validate === 'Validé' && <ParticipationCard />}
              </Stack>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
