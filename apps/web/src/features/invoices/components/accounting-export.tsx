import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountingAccountsBody, accountingFilePaths, type AccountingAccounts, type AccountingAccountsBody } from '@ouvrage/contracts';
import { addDays, FEC_ACCOUNT_KEYS, fiscalYearOf, fiscalYearPeriod, type CalendarDate } from '@ouvrage/domain';
import { DateField } from '../../../components/ui/date-field';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { formatDate, formatMonthName } from '../../../lib/format';
import { useAccountingSettings, useSaveAccountingAccounts } from '../api/accounting';

const ACCOUNTS_SCHEMA = formSchema(accountingAccountsBody);

/**
 * « Exporter pour le comptable » (issue 37 §3, decision 1210): the FEC of a year, the invoices and
 * payments of a period as CSV, and the account numbers the FEC uses — in a modal opened from the
 * architect's invoices list.
 */
export function AccountingExportButton({ today }: { today: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} data-testid="accounting-export-open">
        {t('invoices.accounting.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('invoices.accounting.title')} size="lg">
        {opened && <AccountingExport today={today} />}
      </Modal>
    </>
  );
}

export function AccountingExport({ today }: { today: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const settings = useAccountingSettings();
  const endMonth = settings.data?.fiscal_year_end_month ?? 12;
  const current = fiscalYearOf(today as CalendarDate, endMonth);
  // In the three months after a closing, the exercice just closed is the one the accountant asks for.
  const justClosed = addDays(fiscalYearPeriod(current - 1, endMonth).end, 92) >= today;
  const [chosen, setYear] = useState<string | null>(null);
  const year = chosen ?? String(justClosed ? current - 1 : current);
  const years = Array.from({ length: 6 }, (_, i) => String(current - i));
  const period = fiscalYearPeriod(Number(year), endMonth);
  const periodOk = !!from && !!to && from <= to;
  return (
    <Stack gap="lg" data-testid="accounting-export">
      <Stack gap="xs" component="section" aria-labelledby="fec-title">
        <Title order={3} size="h5" id="fec-title">
          {t('invoices.accounting.fecTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invoices.accounting.fecIntro')}
        </Text>
        {settings.data && !settings.data.has_siren && (
          <Alert color="orange" variant="light" data-testid="accounting-no-siren">
            {t('invoices.accounting.noSiren')}
          </Alert>
        )}
        <Group align="flex-end">
          <Select
            label={t('invoices.accounting.year')}
            data={years}
            value={year}
            onChange={(v) => v && setYear(v)}
            allowDeselect={false}
            w={140}
            data-testid="fec-year"
          />
          <DownloadButton file={{ path: accountingFilePaths.fec({ year: Number(year) }) }} variant="filled" data-testid="fec-download">
            {t('invoices.accounting.fecDownload')}
          </DownloadButton>
        </Group>
        <Text size="sm" data-testid="fec-period">
          {t('invoices.accounting.fecPeriod', { from: formatDate(period.start), to: formatDate(period.end) })}
        </Text>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="csv-title">
        <Title order={3} size="h5" id="csv-title">
          {t('invoices.accounting.csvTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label={t('invoices.accounting.from')} value={from} onChange={setFrom} clearable={false} data-testid="csv-from" />
          <DateField
            label={t('invoices.accounting.to')}
            value={to}
            onChange={setTo}
            clearable={false}
            error={from && to && from > to ? t('invoices.accounting.periodOrder') : undefined}
            data-testid="csv-to"
          />
        </SimpleGrid>
        {periodOk && (
          <Group>
            <DownloadButton file={{ path: accountingFilePaths.invoicesCsv({ from, to }) }} data-testid="csv-invoices">
              {t('invoices.accounting.csvInvoices')}
            </DownloadButton>
            <DownloadButton file={{ path: accountingFilePaths.paymentsCsv({ from, to }) }} data-testid="csv-payments">
              {t('invoices.accounting.csvPayments')}
            </DownloadButton>
          </Group>
        )}
      </Stack>
      <ErrorAlert error={settings.error} />
      {settings.data && (
        <AccountsForm
          accounts={{ ...settings.data.accounts, fiscal_year_end_month: settings.data.fiscal_year_end_month }}
          defaults={settings.data.defaults}
          tvaOnDebits={settings.data.tva_on_debits}
        />
      )}
    </Stack>
  );
}

type AccountsValues = AccountingAccounts & { fiscal_year_end_month: number };
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function AccountsForm({ accounts, defaults, tvaOnDebits }: { accounts: AccountsValues; defaults: AccountingAccounts; tvaOnDebits: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAccountingAccounts();
  const [saved, setSaved] = useState(false);
  const form = useContractForm<AccountsValues>({ initialValues: accounts, schema: ACCOUNTS_SCHEMA, serverError: save.error });
  const submit = form.onSubmit((values) => {
    setSaved(false);
    save.mutate(values satisfies AccountingAccountsBody, {
      onSuccess: (answer) => {
        const next = { ...answer.accounts, fiscal_year_end_month: answer.fiscal_year_end_month };
        form.setValues(next);
        form.resetDirty(next);
        setSaved(true);
      },
    });
  });
  const closing = form.getInputProps('fiscal_year_end_month');
  return (
    <form noValidate onSubmit={submit} aria-labelledby="accounts-title" data-testid="accounting-accounts">
      <Stack gap="xs">
        <Title order={3} size="h5" id="accounts-title">
          {t('invoices.accounting.accountsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(tvaOnDebits ? 'invoices.accounting.vatOnDebits' : 'invoices.accounting.vatOnPayments')}
        </Text>
        <ErrorAlert error={form.alertError} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {FEC_ACCOUNT_KEYS.map((key) => (
            <TextInput
              key={key}
              label={t(`invoices.accounting.accounts.${key}`)}
              dir="ltr"
              inputMode="numeric"
              {...form.getInputProps(key)}
              data-testid={`account-${key}`}
            />
          ))}
        </SimpleGrid>
        <Select
          label={t('invoices.accounting.closingMonth')}
          description={t('invoices.accounting.closingHelp')}
          data={MONTHS.map((m) => ({ value: String(m), label: t('invoices.accounting.closingOption', { month: formatMonthName(m) }) }))}
          value={String(form.values.fiscal_year_end_month)}
          onChange={(v) => v && form.setFieldValue('fiscal_year_end_month', Number(v))}
          error={closing.error}
          allowDeselect={false}
          maw={320}
          data-testid="fiscal-year-end"
        />
        {saved && !form.isDirty() && (
          <Alert color="green" variant="light" data-testid="accounts-saved">
            {t('invoices.accounting.saved')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={() => form.setValues({ ...defaults, fiscal_year_end_month: form.values.fiscal_year_end_month })}>
            {t('invoices.accounting.defaults')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="accounts-save">
            {t('invoices.accounting.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
