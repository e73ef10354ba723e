import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useLatePaymentRates, useSaveLatePaymentRate } from '../api/late-payment-rates';

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
  const [form, setForm] = useState<{ half_year_start: string | null; ecb: number | string; legal: number | string }>({
    half_year_start: null,
    ecb: '',
    legal: '',
  });
  const [saved, setSaved] = useState(false);
  const errors = fieldErrors(save.error);
  const data = rates.data;
  const set = (patch: Partial<typeof form>) => {
    setSaved(false);
    setForm((f) => ({ ...f, ...patch }));
  };
  const chosen = form.half_year_start ?? data?.today.half_year_start ?? null;
  const bp = (v: number | string) => (typeof v === 'number' ? Math.round(v * 100) : NaN);
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
      <ErrorAlert error={save.error && Object.keys(errors).length === 0 ? save.error : null} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          save.mutate({ half_year_start: chosen, ecb_rate_bp: bp(form.ecb), legal_rate_bp: bp(form.legal) }, { onSuccess: () => setSaved(true) });
        }}
      >
        <Stack gap="sm" mt="sm">
          <Group grow align="flex-start">
            <Select
              label={t('invoices.lateRates.halfYear')}
              data={data ? halfYearOptions(data.today.half_year_start).map((d) => ({ value: d, label: halfYear(d) })) : []}
              value={chosen}
              onChange={(v) => set({ half_year_start: v })}
              error={errors.half_year_start}
              allowDeselect={false}
              data-testid="late-rate-half-year"
            />
            <NumberInput
              label={t('invoices.lateRates.ecb')}
              suffix=" %"
              decimalScale={2}
              min={-5}
              max={20}
              value={form.ecb}
              onChange={(v) => set({ ecb: v })}
              error={errors.ecb_rate_bp}
              required
              data-testid="late-rate-ecb"
            />
            <NumberInput
              label={t('invoices.lateRates.legal')}
              suffix=" %"
              decimalScale={2}
              min={0}
              max={20}
              value={form.legal}
              onChange={(v) => set({ legal: v })}
              error={errors.legal_rate_bp}
              required
              data-testid="late-rate-legal"
            />
          </Group>
          <Group justify="flex-end">
            {saved && (
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
