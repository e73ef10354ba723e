import { Alert, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@ouvrage/domain';
import type { DraftTotals } from '../model/draft';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap', unicodeBidi: 'plaintext' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Lot subtotals, totals HT, TVA per rate, TTC, the options left out and the deposit, live. */
export function TotalsPanel({ totals, lotTitles, depositBp }: { totals: DraftTotals; lotTitles: string[]; depositBp: number }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="quote-totals-title">
      <Title order={2} size="h4" id="quote-totals-title" mb="sm">
        {t('quoteEditor.totals.title')}
      </Title>
      <Stack gap={6}>
        {totals.lots.map((lot, i) => (
          <Row
            key={i}
            // Past the issuer's lots: the travel costs of a repair quote, counted as a lot of their own.
            label={i >= lotTitles.length ? t('quoteEditor.general.travelCost') : lotTitles[i]?.trim() || t('quoteEditor.lots.untitled', { n: i + 1 })}
            value={formatEuros(lot.subtotalHtCents)}
            testId={`lot-subtotal-${i}`}
          />
        ))}
        {totals.lots.length > 0 && <Divider />}
        <Row label={t('quoteEditor.totals.ht')} value={formatEuros(totals.totalHtCents)} strong testId="total-ht" />
        {totals.byRate.map((r) => (
          <Row
            key={r.rateBp}
            label={t('quoteEditor.totals.tvaAt', { rate: ltr(formatPercent(r.rateBp)), base: ltr(formatEuros(r.baseCents)) })}
            value={formatEuros(r.tvaCents)}
            testId={`tva-${r.rateBp}`}
          />
        ))}
        <Row label={t('quoteEditor.totals.tva')} value={formatEuros(totals.totalTvaCents)} testId="total-tva" />
        <Row label={t('quoteEditor.totals.ttc')} value={formatEuros(totals.totalTtcCents)} strong testId="total-ttc" />
        {totals.optionsHtCents !== 0 && <Row label={t('quoteEditor.totals.options')} value={formatEuros(totals.optionsHtCents)} testId="total-options" />}
        <Row label={t('quoteEditor.totals.deposit', { rate: ltr(formatPercent(depositBp)) })} value={formatEuros(totals.depositCents)} testId="total-deposit" />
      </Stack>
      {totals.amountsRefusal && (
        <Alert color="red" mt="sm" role="alert" data-testid="amounts-refusal">
          {t(`errors.${totals.amountsRefusal.code}`, { defaultValue: totals.amountsRefusal.message, ...totals.amountsRefusal.params })}
        </Alert>
      )}
    </Card>
  );
}
