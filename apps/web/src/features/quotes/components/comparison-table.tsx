import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteComparison } from '@ouvrage/contracts';
import { formatPercent } from '@ouvrage/domain';
import { formatDate, formatEuros } from '../../../lib/format';
import { alignLots, cheapestAmongSameScope } from '../model/align-lots';
import { InsuranceText } from './quote-parties';
import { QuoteStatusBadge } from './quote-status-badge';
import { useTradeNames } from '../../professionals';

type ComparedQuote = QuoteComparison['quotes'][number];

const HIGHLIGHT = 'var(--mantine-color-green-light)';

/**
 * The project's quotes in columns: the architect, totals, per-lot amounts aligned by lot title
 * (« — » where a quote has no such lot), options, deposit, validity and status; the cheapest TTC
 * column is highlighted among quotes covering the same lots, and a note says when scopes differ.
 * Scrolls horizontally on narrow screens.
 */
export function ComparisonTable({ quotes }: { quotes: ComparedQuote[] }) {
  const { t } = useTranslation();
  const names = useTradeNames();
  const lots = alignLots(quotes);
  const scoped = cheapestAmongSameScope(quotes);
  const cheapest = new Set(scoped.cheapest);
  const cellStyle = (i: number) => ({ background: cheapest.has(i) ? HIGHLIGHT : undefined, verticalAlign: 'top' as const });

  const row = (key: string, label: ReactNode, cell: (q: ComparedQuote, i: number) => ReactNode, strong = false) => (
    <Table.Tr key={key} data-testid={`compare-row-${key}`}>
      <Table.Th scope="row" fw={strong ? 700 : 500} style={{ minWidth: 160 }}>
        {label}
      </Table.Th>
      {quotes.map((q, i) => (
        <Table.Td key={q.id} style={cellStyle(i)} fw={strong ? 700 : undefined}>
          {cell(q, i)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  const money = (cents: number | null) => (cents === null ? '—' : <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(cents)}</span>);

  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('quotes.compare.tableLabel')} data-testid="comparison">
      <Table miw={200 + quotes.length * 220} withColumnBorders>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
          {t('quotes.compare.caption', { count: quotes.length })}
          {scoped.scopesDiffer && (
            <Text size="sm" c="dimmed" data-testid="compare-scopes-differ">
              {t(scoped.cheapest.length ? 'quotes.compare.scopesDifferSome' : 'quotes.compare.scopesDiffer')}
            </Text>
          )}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('quotes.compare.quote')}</Table.Th>
            {quotes.map((q, i) => (
              <Table.Th scope="col" key={q.id} style={cellStyle(i)} data-testid={`compare-col-${q.id}`} data-cheapest={cheapest.has(i) || undefined}>
                <Stack gap={4}>
                  <Text fw={700}>{q.label}</Text>
                  <Text size="sm" fw={400} style={{ overflowWrap: 'anywhere' }}>
                    {q.title}
                  </Text>
                  {cheapest.has(i) && (
                    <Badge color="green" variant="filled" style={{ textTransform: 'none' }} data-testid="compare-cheapest">
                      {t(scoped.scopesDiffer ? 'quotes.compare.cheapestSameScope' : 'quotes.compare.cheapest')}
                    </Badge>
                  )}
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row('architect', t('quotes.compare.architect'), (q) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {q.issuer.name}
              </Text>
              {q.issuer.profession && <Text size="xs">{names.professionNamed(q.issuer.profession)}</Text>}
              {q.issuer.city && <Text size="xs">{q.issuer.city}</Text>}
              {q.issuer.year_founded && <Text size="xs">{t('quotes.compare.founded', { year: q.issuer.year_founded })}</Text>}
            </Stack>
          ))}
          {row('decennale', t('quotes.parties.decennale'), (q) => (
            <Text size="xs">
              <InsuranceText insurance={q.issuer.decennale} />
            </Text>
          ))}
          {row('rcpro', t('quotes.parties.rcPro'), (q) => (
            <Text size="xs">
              <InsuranceText insurance={q.issuer.rc_pro} />
            </Text>
          ))}
          {lots.map((lot, index) =>
            row(
              `lot-${index}`,
              <Text span size="sm">
                {t('quotes.compare.lot', { title: lot.title })}
              </Text>,
              (_q, i) => money(lot.amounts[i]),
            ),
          )}
          {row('options', t('quotes.compare.options'), (q) => (q.options_ht_cents ? money(q.options_ht_cents) : '—'))}
          {row('ht', t('quotes.totals.ht'), (q) => money(q.totals.total_ht_cents))}
          {row('tva', t('quotes.totals.tva'), (q) => money(q.totals.total_tva_cents))}
          {row('ttc', t('quotes.totals.ttc'), (q) => money(q.totals.total_ttc_cents), true)}
          {row('deposit', t('quotes.compare.deposit'), (q) =>
            q.deposit_bp ? (
              <>
                {formatPercent(q.deposit_bp)} — {money(q.deposit_cents)}
              </>
            ) : (
              t('quotes.conditions.noDeposit')
            ),
          )}
          {row('validity', t('quotes.list.validUntil'), (q) => formatDate(q.valid_until) || '—')}
          {row('status', t('quotes.list.status'), (q) => (
            // On a white ground, as everywhere else: a light badge over the cheapest column's green falls below 4.5:1.
            <Box component="span" bg="var(--mantine-color-body)" style={{ display: 'inline-block', borderRadius: 'var(--mantine-radius-xl)' }}>
              <QuoteStatusBadge status={q.status} />
            </Box>
          ))}
          {row('actions', t('quotes.compare.actions'), (q) => (
            <Stack gap={6} align="flex-start">
              <Anchor component={Link} to={`/devis/${q.id}`} size="sm" aria-label={t('quotes.compare.viewLabel', { label: q.label })}>
                {t('quotes.compare.view')}
              </Anchor>
              {q.can_accept && (
                <Button
                  component={Link}
                  to={`/devis/${q.id}?accepter=1`}
                  size="xs"
                  color="green"
                  aria-label={t('quotes.compare.acceptLabel', { label: q.label })}
                  data-testid={`compare-accept-${q.id}`}
                >
                  {t('quotes.actions.accept')}
                </Button>
              )}
            </Stack>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
