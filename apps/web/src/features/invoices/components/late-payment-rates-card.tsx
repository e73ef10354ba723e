import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { latePaymentRateBody } from '@ouvrage/contracts';
import { formatPercent, parsePercent } from '@ouvrage/domain';
import { DecimalInput } from '../../../components/ui/decimal-input';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useLatePaymentRates, useSaveLatePaymentRate } from '../api/late-payment-rates';

const RATE_SCHEMA = formSchema(latePaymentRateBody);
const percentText = (bp: number) => formatPercent(bp).replace(/ %$/, '');

interface RateValues {
  /** Null: the current half-year, once the rates are read. */
  half_year_start: string | null;
  ecb_rate_bp: number | null;
  legal_rate_bp: number | null;
}

/** « 2026-07-01 » → its half-year's words (« 2e semestre 2026 »). */
function useHalfYear() {
  const { t } = useTranslation();
  return (start: string) => t(start.slice(5, 7) === '01' ? 'invoices.lateRates.firstHalf' : 'invoices.lateRates.secondHalf', { year: start.slice(0, 4) });
}

/** The half-years the admin may enter: from the current one's year before to the next one. */
function halfYearOptions(current: string): string[] {
  const year = Number(current.slice(0, 4));
  const all = [year - 1, year, year + 1].flatMap((y) => [`${y}-01-01`, `${y}-07-01`]);
  return all.filter((d) => d <= (current.endsWith('01-01') ? `${year}-07-01` : `${year + 1}-01-01`)).reverse();
}

/**
 * The late-payment rates between professionals (C. com. L441-10, decision 1051), kept by the admin
 * by half-year: the ECB main refinancing rate and the legal interest rate. An invoice to a business
 * client prints ECB + 10 points unless its quote agreed at least 3 × the legal rate; issued
 * invoices keep the rate they printed.
 */
export function LatePaymentRatesCard() {
  const { t } = useTranslation();
  const halfYear = useHalfYear();
  const rates = useLatePaymentRates();
  const save = useSaveLatePaymentRate();
  const data = rates.data;
  const today = data?.today.half_year_start ?? null;
  /** The body the API reads: the half-year shown when none was chosen. */
  const bodyOf = (v: RateValues) => ({ ...v, half_year_start: v.half_year_start ?? today });
  const form = useContractForm<RateValues>({
    initialValues: { half_year_start: null, ecb_rate_bp: null, legal_rate_bp: null },
    schema: RATE_SCHEMA,
    toBody: bodyOf,
    serverError: save.error,
  });
  const [saved, setSaved] = useState(false);
  const chosen = bodyOf(form.getValues()).half_year_start;
  const submit = form.onSubmit((values) => {
    const body = bodyOf(values);
    if (!body.half_year_start || body.ecb_rate_bp === null || body.legal_rate_bp === null) return;
    save.mutate(
      { half_year_start: body.half_year_start, ecb_rate_bp: body.ecb_rate_bp, legal_rate_bp: body.legal_rate_bp },
      {
        onSuccess: () => {
          form.resetDirty();
          setSaved(true);
        },
      },
    );
  });
  return (
    <Card withBorder component="section" aria-labelledby="late-rates-title" data-testid="late-payment-rates">
      <Title order={2} size="h4" id="late-rates-title">
        {t('invoices.lateRates.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('invoices.lateRates.intro')}
      </Text>
      <ErrorAlert error={rates.error} />
      {data && !data.today.entered && (
        <Alert color="orange" variant="light" mb="sm" data-testid="late-rates-missing">
          {data.today.applied
            ? t('invoices.lateRates.missing', { current: halfYear(data.today.half_year_start), applied: halfYear(data.today.applied) })
            : t('invoices.lateRates.none', { current: halfYear(data.today.half_year_start) })}
        </Alert>
      )}
      {data && data.rates.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid="late-rates-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.lateRates.halfYear')}</Table.Th>
                <Table.Th ta="end">{t('invoices.lateRates.ecb')}</Table.Th>
                <Table.Th ta="end">{t('invoices.lateRates.legal')}</Table.Th>
                <Table.Th ta="end">{t('invoices.lateRates.default')}</Table.Th>
                <Table.Th ta="end">{t('invoices.lateRates.minimum')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rates.map((r) => (
                <Table.Tr key={r.half_year_start} data-testid={`late-rate-${r.half_year_start}`}>
                  <Table.Td>{halfYear(r.half_year_start)}</Table.Td>
                  <Table.Td ta="end">{formatPercent(r.ecb_rate_bp)}</Table.Td>
                  <Table.Td ta="end">{formatPercent(r.legal_rate_bp)}</Table.Td>
                  <Table.Td ta="end" fw={600}>
                    {formatPercent(r.default_rate_bp)}
                  </Table.Td>
                  <Table.Td ta="end">{formatPercent(r.minimum_rate_bp)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ErrorAlert error={form.alertError} />
      <form noValidate onSubmit={submit}>
        <Stack gap="sm" mt="sm">
          <Group grow align="flex-start">
            <Select
              label={t('invoices.lateRates.halfYear')}
              data={data ? halfYearOptions(data.today.half_year_start).map((d) => ({ value: d, label: halfYear(d) })) : []}
              {...form.getInputProps('half_year_start')}
              value={chosen}
              allowDeselect={false}
              data-testid="late-rate-half-year"
            />
            {/* The contract lets the ECB's rate go below zero (down to -5 %): a signed percent. */}
            <DecimalInput
              label={t('invoices.lateRates.ecb')}
              parse={parsePercent}
              format={percentText}
              allowNegative
              rightSection="%"
              rightSectionPointerEvents="none"
              required
              data-testid="late-rate-ecb"
              {...form.getInputProps('ecb_rate_bp')}
            />
            <DecimalInput
              label={t('invoices.lateRates.legal')}
              parse={parsePercent}
              format={percentText}
              rightSection="%"
              rightSectionPointerEvents="none"
              required
              data-testid="late-rate-legal"
              {...form.getInputProps('legal_rate_bp')}
            />
          </Group>
          <Group justify="flex-end">
            {saved && !form.isDirty() && (
              <Text c="teal.8" role="status" size="sm">
                {t('invoices.lateRates.saved')}
              </Text>
            )}
            <Button type="submit" loading={save.isPending} data-testid="late-rate-save">
              {t('invoices.lateRates.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
