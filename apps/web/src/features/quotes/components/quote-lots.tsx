import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteLot } from '@ouvrage/contracts';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { formatPercent, formatQuantity } from '@ouvrage/domain';
import { formatEuros } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';

type QuoteLine = QuoteLot['lines'][number];

/**
 * The lots and their lines, options marked (and whether the client took them once accepted). On a
 * phone each line is a card: designation, quantity, unit, unit price, discount, TVA and amount HT,
 * as the API computed them (decision 1204).
 */
export function QuoteLots({ lots, accepted }: { lots: QuoteLot[]; accepted: boolean }) {
  const { t } = useTranslation();
  if (!lots.length) return <Text c="dimmed">{t('quotes.detail.noLines')}</Text>;
  const columns: PagedTableColumn<QuoteLine>[] = [
    {
      key: 'designation',
      header: t('quotes.lines.designation'),
      card: 'title',
      cell: (line) => (
        <>
          <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {/* Typed text in its own direction: « Fourni et posé. » keeps its stop at its end in Arabic (decision 1206). */}
            <bdi>{line.designation}</bdi>{' '}
            {line.optional && (
              <Badge size="xs" variant="outline" color={accepted && line.chosen ? 'green' : 'gray'} style={{ textTransform: 'none' }}>
                {accepted ? (line.chosen ? t('quotes.lines.optionTaken') : t('quotes.lines.optionNotTaken')) : t('quotes.lines.option')}
              </Badge>
            )}
          </Text>
          {line.description && (
            <Text size="xs" c="dimmed" fw={400} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {line.description}
            </Text>
          )}
        </>
      ),
    },
    { key: 'quantity', header: t('quotes.lines.quantity'), align: 'end', nowrap: true, card: 'figure', cell: (line) => formatQuantity(line.quantity_milli) },
    { key: 'unit', header: t('quotes.lines.unit'), nowrap: true, card: 'figure', cell: (line) => shortUnit(t, line.unit) },
    { key: 'unitPrice', header: t('quotes.lines.unitPrice'), align: 'end', nowrap: true, card: 'figure', cell: (line) => formatEuros(line.unit_price_cents) },
    {
      key: 'discount',
      header: t('quotes.lines.discount'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (line) => (line.discount_bp ? formatPercent(line.discount_bp) : '—'),
    },
    { key: 'tva', header: t('quotes.lines.tva'), align: 'end', nowrap: true, card: 'figure', cell: (line) => formatPercent(line.tva_rate_bp) },
    {
      key: 'net',
      header: t('quotes.lines.net'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (line) =>
        line.optional ? (
          <Text span size="sm" c="dimmed">
            {formatEuros(line.net_ht_cents)}
          </Text>
        ) : (
          formatEuros(line.net_ht_cents)
        ),
    },
  ];
  return (
    <Stack gap="lg">
      {lots.map((lot, index) => {
        // The travel-costs lot is named by the platform, not typed by the issuer: read in the reader's language (decision 1002).
        const title = lot.travel ? t('quotes.detail.travelLot') : lot.title;
        return (
          <section key={lot.id} aria-labelledby={`lot-${lot.id}`} data-testid={`quote-lot-${index}`}>
            <Title order={3} size="h5" id={`lot-${lot.id}`} mb={4}>
              {t('quotes.detail.lot', { n: index + 1, title })}
            </Title>
            <PagedTable<QuoteLine>
              caption={title}
              captionHidden
              columns={columns}
              rows={lot.lines}
              rowKey={(line) => line.id}
              rowProps={(line) => ({ 'data-testid': `quote-line-${line.id}`, ...(line.optional ? { 'data-optional': 'true' } : {}) })}
              minWidth={720}
              emptyText={t('quotes.detail.noLines')}
              footer={
                <Group justify="flex-end" gap="md" mt="xs" data-testid={`quote-lot-subtotal-${index}`}>
                  <Text size="sm" fw={700}>
                    {t('quotes.detail.lotSubtotal')}
                  </Text>
                  <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatEuros(lot.subtotal_ht_cents)}
                  </Text>
                </Group>
              }
            />
          </section>
        );
      })}
    </Stack>
  );
}
