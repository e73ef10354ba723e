import { useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eInvoicingSettingsBody, type EInvoicingSettings, type EInvoicingSettingsBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useEInvoicingSettings, useSaveEInvoicingSettings, useTestEInvoicingConnection } from '../api/e-invoicing';

const SCHEMA = formSchema(eInvoicingSettingsBody);

type Values = {
  pa_mode: EInvoicingSettings['pa_mode'];
  base_url: string;
  auth_kind: 'oauth2' | 'bearer';
  token_url: string;
  client_id: string;
  client_secret: string;
  scope: string;
  token: string;
  organization_id: string;
  vat_regime: EInvoicingSettings['vat_regime'];
  e_reporting_period: EInvoicingSettings['e_reporting_period'];
};

const valuesOf = (s: EInvoicingSettings): Values => ({
  pa_mode: s.pa_mode,
  base_url: s.base_url ?? '',
  auth_kind: s.auth_kind ?? 'oauth2',
  token_url: s.token_url ?? '',
  client_id: s.client_id ?? '',
  client_secret: '',
  scope: s.scope ?? '',
  token: '',
  organization_id: s.organization_id ?? '',
  vat_regime: s.vat_regime,
  e_reporting_period: s.e_reporting_period,
});

/** What is sent: the fields of the chosen mode, an empty field left out (a secret left empty keeps the stored one). */
function bodyOf(v: Values): EInvoicingSettingsBody {
  const keep = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const own = v.pa_mode === 'own';
  return {
    pa_mode: v.pa_mode,
    vat_regime: v.vat_regime,
    e_reporting_period: v.e_reporting_period,
    ...(own
      ? {
          base_url: keep(v.base_url),
          auth_kind: v.auth_kind,
          ...(v.auth_kind === 'oauth2'
            ? { token_url: keep(v.token_url), client_id: keep(v.client_id), client_secret: keep(v.client_secret), scope: keep(v.scope) }
            : { token: keep(v.token) }),
        }
      : {}),
    ...(v.pa_mode !== 'none' ? { organization_id: keep(v.organization_id) } : {}),
  } as EInvoicingSettingsBody;
}

function SettingsForm({ settings }: { settings: EInvoicingSettings }) {
  const { t } = useTranslation();
  const save = useSaveEInvoicingSettings();
  const test = useTestEInvoicingConnection();
  const [saved, setSaved] = useState(false);
  const form = useContractForm<Values>({ initialValues: valuesOf(settings), source: settings, schema: SCHEMA, toBody: bodyOf, serverError: save.error });
  const v = form.getValues();
  const secretHint = settings.secret_configured ? t('eInvoicing.settings.secretKept') : undefined;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setSaved(false);
        test.reset();
        save.mutate(bodyOf(values), { onSuccess: () => setSaved(true) });
      })}
      data-testid="e-invoicing-settings"
    >
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          data={(['none', 'own', 'delegated'] as const)
            .filter((m) => m !== 'delegated' || settings.delegation_available || settings.pa_mode === 'delegated')
            .map((m) => ({ value: m, label: t(`eInvoicing.settings.modes.${m}`) }))}
          {...form.getInputProps('pa_mode')}
          data-testid="e-invoicing-mode"
        />
        <Text size="sm" c="dimmed">
          {t(`eInvoicing.settings.modeHelp.${v.pa_mode}`)}
        </Text>
        {v.pa_mode === 'own' && (
          <>
            <TextInput label={t('eInvoicing.settings.baseUrl')} dir="ltr" {...form.getInputProps('base_url')} data-testid="e-invoicing-base-url" />
            <Select
              label={t('eInvoicing.settings.authKind')}
              data={[
                { value: 'oauth2', label: t('eInvoicing.settings.oauth2') },
                { value: 'bearer', label: t('eInvoicing.settings.bearer') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('auth_kind')}
            />
            {v.auth_kind === 'oauth2' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('eInvoicing.settings.tokenUrl')} dir="ltr" {...form.getInputProps('token_url')} data-testid="e-invoicing-token-url" />
                <TextInput label={t('eInvoicing.settings.clientId')} dir="ltr" {...form.getInputProps('client_id')} data-testid="e-invoicing-client-id" />
                <PasswordInput
                  label={t('eInvoicing.settings.clientSecret')}
                  description={secretHint}
                  dir="ltr"
                  autoComplete="off"
                  {...form.getInputProps('client_secret')}
                  data-testid="e-invoicing-client-secret"
                />
                <TextInput label={t('eInvoicing.settings.scope')} dir="ltr" {...form.getInputProps('scope')} />
              </SimpleGrid>
            ) : (
              <PasswordInput label={t('eInvoicing.settings.token')} description={secretHint} dir="ltr" autoComplete="off" {...form.getInputProps('token')} />
            )}
          </>
        )}
        {v.pa_mode !== 'none' && (
          <TextInput
            label={t('eInvoicing.settings.organizationId')}
            dir="ltr"
            {...form.getInputProps('organization_id')}
            data-testid="e-invoicing-organization"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('eInvoicing.settings.vatRegime')}
            data={(['reel_normal', 'reel_simplifie', 'franchise'] as const).map((r) => ({ value: r, label: t(`eInvoicing.settings.vatRegimes.${r}`) }))}
            allowDeselect={false}
            {...form.getInputProps('vat_regime')}
          />
          <Select
            label={t('eInvoicing.settings.period')}
            data={(['decade', 'month', 'bimonth'] as const).map((p) => ({ value: p, label: t(`eInvoicing.settings.periods.${p}`) }))}
            allowDeselect={false}
            {...form.getInputProps('e_reporting_period')}
            data-testid="e-invoicing-period"
          />
        </SimpleGrid>
        <ErrorAlert error={form.alertError} />
        {saved && !form.isDirty() && (
          <Alert color="green" role="status" data-testid="e-invoicing-saved">
            {t('eInvoicing.settings.saved')}
          </Alert>
        )}
        {test.data && (
          <Alert color={test.data.ok ? 'green' : 'orange'} role="status" data-testid="e-invoicing-test-result" data-ok={String(test.data.ok)}>
            {test.data.ok ? t('eInvoicing.settings.testOk') : t(`errors.${test.data.code ?? 'PA_UNREACHABLE'}`)}
            {test.data.reason && (
              <Text size="sm" mt={4}>
                <bdi>{test.data.reason}</bdi>
              </Text>
            )}
          </Alert>
        )}
        <ErrorAlert error={test.error} />
        <Group justify="flex-end">
          {settings.pa_mode !== 'none' && (
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending} disabled={form.isDirty()} data-testid="e-invoicing-test">
              {t('eInvoicing.settings.test')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending} data-testid="e-invoicing-save">
            {t('eInvoicing.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The architect's e-invoicing settings (decision 1212), on the invoice settings screen. */
export function EInvoicingSettingsCard() {
  const { t } = useTranslation();
  const query = useEInvoicingSettings();
  return (
    <Card withBorder padding="md" data-testid="e-invoicing-settings-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('eInvoicing.settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('eInvoicing.settings.intro')}
        </Text>
        {query.isPending ? <ScreenLoader /> : query.error || !query.data ? <ErrorAlert error={query.error} /> : <SettingsForm settings={query.data} />}
      </Stack>
    </Card>
  );
}
