import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIban, isValidBic, isValidIban } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fieldErrors } from '../../../lib/use-error-message';
import { useInvoiceSettings, useSaveInvoiceSettings } from '../api/invoice-settings';

type Values = { iban: string; bic: string; tva_on_debits: boolean };

function SettingsForm({ initial }: { initial: Values }) {
  const { t, i18n } = useTranslation();
  const save = useSaveInvoiceSettings();
  const [values, setValues] = useState<Values>({ ...initial, iban: formatIban(initial.iban) });
  const [touched, setTouched] = useState<{ iban?: boolean; bic?: boolean }>({});
  const [saved, setSaved] = useState(false);
  const server = fieldErrors(save.error, i18n);
  const set = (patch: Partial<Values>) => {
    setSaved(false);
    setValues((v) => ({ ...v, ...patch }));
  };
  // The domain's own checks: the same the API applies (ISO 13616 key, BIC shape); empty clears.
  const ibanError = values.iban.trim() !== '' && !isValidIban(values.iban) ? t('bankTransfers.settings.ibanInvalid') : null;
  const bicError = values.bic.trim() !== '' && !isValidBic(values.bic) ? t('bankTransfers.settings.bicInvalid') : null;
  return (
    <Card withBorder padding="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched({ iban: true, bic: true });
          if (ibanError || bicError) return;
          save.mutate(values, {
            onSuccess: (data) => {
              setValues({ ...data, iban: formatIban(data.iban) });
              setSaved(true);
            },
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="IBAN"
            description={t('bankTransfers.settings.ibanHelp')}
            value={values.iban}
            onChange={(e) => set({ iban: e.currentTarget.value.toUpperCase() })}
            onBlur={() => {
              setTouched((x) => ({ ...x, iban: true }));
              if (isValidIban(values.iban)) set({ iban: formatIban(values.iban) });
            }}
            error={(touched.iban && ibanError) || server.iban}
            maxLength={42}
            dir="ltr"
            autoComplete="off"
            data-testid="settings-iban"
          />
          <TextInput
            label="BIC"
            description={t('bankTransfers.settings.bicHelp')}
            value={values.bic}
            onChange={(e) => set({ bic: e.currentTarget.value.toUpperCase() })}
            onBlur={() => setTouched((x) => ({ ...x, bic: true }))}
            error={(touched.bic && bicError) || server.bic}
            maxLength={11}
            dir="ltr"
            autoComplete="off"
            data-testid="settings-bic"
          />
          <Switch
            label={t('bankTransfers.settings.tvaOnDebits')}
            description={t('bankTransfers.settings.tvaOnDebitsHelp')}
            checked={values.tva_on_debits}
            onChange={(e) => set({ tva_on_debits: e.currentTarget.checked })}
            data-testid="settings-tva-debits"
          />
          <Text size="xs" c="dimmed">
            {t('bankTransfers.settings.frozen')}
          </Text>
          <ErrorAlert error={save.error} />
          {saved && (
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
    </Stack>
  );
}
