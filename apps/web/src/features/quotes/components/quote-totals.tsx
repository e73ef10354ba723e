import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@ouvrage/domain';
import { formatEuros } from '../../../lib/format';

export interface TotalsView {
  totalHtCents: number;
  byRate: ReadonlyArray<{ rateBp: number; baseCents: number; tvaCents: number }>;
  totalTvaCents: number;
  totalTtcCents: number;
}

/** The API's totals in the shape the domain computes. */
export function totalsView(totals: {
  total_ht_cents: number;
  total_tva_cents: number;
  total_ttc_cents: number;
  by_rate: Array<{ rate_bp: number; base_cents: number; tva_cents: number }>;
}): TotalsView {
  return {
    totalHtCents: totals.total_ht_cents,
    totalTvaCents: totals.total_tva_cents,
    totalTtcCents: totals.total_ttc_cents,
    byRate: totals.by_rate.map((r) => ({ rateBp: r.rate_bp, baseCents: r.base_cents, tvaCents: r.tva_cents })),
  };
}

/** Total HT, TVA per rate (with its base), total TTC and, when asked, the deposit. */
export function QuoteTotals({ totals, deposit, testId }: { totals: TotalsView; deposit?: { bp: number; cents: number }; testId?: string }) {
  const { t } = useTranslation();
  const row = (label: string, value: string, key: string, strong = false) => (
    <Table.Tr key={key} data-testid={testId ? `${testId}-${key}` : undefined}>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="end" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table withRowBorders={false} verticalSpacing={4} maw={420} ms="auto" data-testid={testId}>
      <Table.Tbody>
        {row(t('quotes.totals.ht'), formatEuros(totals.totalHtCents), 'ht')}
        {totals.byRate.map((r) =>
          row(t('quotes.totals.tvaAt', { rate: formatPercent(r.rateBp), base: formatEuros(r.baseCents) }), formatEuros(r.tvaCents), `tva-${r.rateBp}`),
        )}
        {row(t('quotes.totals.ttc'), formatEuros(totals.totalTtcCents), 'ttc', true)}
        {deposit && deposit.bp > 0 && row(t('quotes.totals.deposit', { rate: formatPercent(deposit.bp) }), formatEuros(deposit.cents), 'deposit')}
      </Table.Tbody>
    </Table>
  );
}
