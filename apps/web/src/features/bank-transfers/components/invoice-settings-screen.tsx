import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { invoiceSettingsBody } from '@ouvrage/contracts';
import { formatIban, isValidBic, isValidIban } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { EInvoicingAwaiting, EInvoicingSettingsCard } from '../../e-invoicing';
import { useInvoiceSettings, useSaveInvoiceSettings } from '../api/invoice-settings';

type Values = { iban: string; bic: string; tva_on_debits: boolean };

const SETTINGS_SCHEMA = formSchema(invoiceSettingsBody);

function SettingsForm({ initial }: { initial: Values }) {
  const { t } = useTranslation();
  const save = useSaveInvoiceSettings();
  // Starts again from what the save brings back (the IBAN grouped by four, the BIC in capitals).
  // The domain's own checks, the same the API applies (ISO 13616 key, BIC shape), with the
  // screen's words, when a field is left and on submit; empty clears.
  const form = useContractForm<Values>({
    initialValues: { ...initial, iban: formatIban(initial.iban) },
    source: initial,
    schema: SETTINGS_SCHEMA,
    rules: (v) => ({
      iban: v.iban.trim() !== '' && !isValidIban(v.iban) ? t('bankTransfers.settings.ibanInvalid') : null,
      bic: v.bic.trim() !== '' && !isValidBic(v.bic) ? t('bankTransfers.settings.bicInvalid') : null,
    }),
    serverError: save.error,
    validateInputOnBlur: true,
  });
  const [saved, setSaved] = useState(false);
  const iban = form.getInputProps('iban');
  return (
    <Card withBorder padding="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(values, {
            onSuccess: () => {
              form.resetDirty();
              setSaved(true);
            },
          }),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label="IBAN"
            description={t('bankTransfers.settings.ibanHelp')}
            {...iban}
            onChange={(e) => form.setFieldValue('iban', e.currentTarget.value.toUpperCase())}
            onBlur={(e) => {
              iban.onBlur?.(e);
              const typed = form.getValues().iban;
              if (isValidIban(typed)) form.setFieldValue('iban', formatIban(typed));
            }}
            maxLength={42}
            dir="ltr"
            autoComplete="off"
            data-testid="settings-iban"
          />
          <TextInput
            label="BIC"
            description={t('bankTransfers.settings.bicHelp')}
            {...form.getInputProps('bic')}
            onChange={(e) => form.setFieldValue('bic', e.currentTarget.value.toUpperCase())}
            maxLength={11}
            dir="ltr"
            autoComplete="off"
            data-testid="settings-bic"
          />
          <Switch
            label={t('bankTransfers.settings.tvaOnDebits')}
            description={t('bankTransfers.settings.tvaOnDebitsHelp')}
            {...form.getInputProps('tva_on_debits', { type: 'checkbox' })}
            data-testid="settings-tva-debits"
          />
          <Text size="xs" c="dimmed">
            {t('bankTransfers.settings.frozen')}
          </Text>
          <ErrorAlert error={form.alertError} />
          {saved && !form.isDirty() && (
            <Alert color="green" role="status" data-testid="settings-saved">
              {t('bankTransfers.settings.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="settings-save">
              {t('bankTransfers.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** `/facture/parametre` (architect): IBAN, BIC and the TVA-on-debits option printed on new invoices. */
export default function InvoiceSettingsScreen() {
  const { t } = useTranslation();
  const query = useInvoiceSettings();
  return (
    <Stack maw={720}>
      <Anchor component={Link} to="/facture/list" size="sm">
        {t('bankTransfers.settings.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('bankTransfers.settings.title')}
      </Title>
      {query.isPending ? <ScreenLoader /> : query.error || !query.data ? <ErrorAlert error={query.error} /> : <SettingsForm initial={query.data} />}
      {/* Which plateforme agréée sends the invoices (decision 1212). */}
      <EInvoicingAwaiting />
      <EInvoicingSettingsCard />
    </Stack>
  );
}
