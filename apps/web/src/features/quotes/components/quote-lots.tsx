import { Badge, Box, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteLot } from '@ouvrage/contracts';
import { formatPercent, formatQuantity } from '@ouvrage/domain';
import { formatEuros } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';

/** The lots and their lines, options marked (and whether the client took them once accepted). */
export function QuoteLots({ lots, accepted }: { lots: QuoteLot[]; accepted: boolean }) {
  const { t } = useTranslation();
  if (!lots.length) return <Text c="dimmed">{t('quotes.detail.noLines')}</Text>;
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
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
              <Table miw={720} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('quotes.lines.designation')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('quotes.lines.quantity')}
                    </Table.Th>
                    <Table.Th scope="col">{t('quotes.lines.unit')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('quotes.lines.unitPrice')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('quotes.lines.discount')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('quotes.lines.tva')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('quotes.lines.net')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lot.lines.map((line) => (
                    <Table.Tr key={line.id} data-testid={`quote-line-${line.id}`} data-optional={line.optional || undefined}>
                      <Table.Td>
                        <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {line.designation}{' '}
                          {line.optional && (
                            <Badge size="xs" variant="outline" color={accepted && line.chosen ? 'green' : 'gray'} style={{ textTransform: 'none' }}>
                              {accepted ? (line.chosen ? t('quotes.lines.optionTaken') : t('quotes.lines.optionNotTaken')) : t('quotes.lines.option')}
                            </Badge>
                          )}
                        </Text>
                        {line.description && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                            {line.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                        {formatQuantity(line.quantity_milli)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortUnit(t, line.unit)}</Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                        {formatEuros(line.unit_price_cents)}
                      </Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                        {line.discount_bp ? formatPercent(line.discount_bp) : '—'}
                      </Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                        {formatPercent(line.tva_rate_bp)}
                      </Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} c={line.optional ? 'dimmed' : undefined}>
                        {formatEuros(line.net_ht_cents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row" colSpan={6} ta="end">
                      {t('quotes.detail.lotSubtotal')}
                    </Table.Th>
                    <Table.Td ta="end" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatEuros(lot.subtotal_ht_cents)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Box>
          </section>
        );
      })}
    </Stack>
  );
}
