import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceCoverage } from '@ouvrage/contracts';
import { formatPercent } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { FigureTable } from '../../../components/ui/figure-table';
import { SectionCard } from '../../../components/ui/section-card';
import { ltr } from '../../../lib/bidi';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePriceCoverage } from '../api/price-coverage';
import { keyLabel } from '../model/label';

/** A share in basis points, rounded (0 when there is nothing to share). */
const shareBp = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) : 0);

function LastRun({ run }: { run: NonNullable<PriceCoverage['last_run']> }) {
  const { t } = useTranslation();
  const counts = { quotes: formatNumber(run.quotes_collected), keys: formatNumber(run.keys_refreshed), cells: formatNumber(run.cells_published) };
  return (
    <Text size="sm" c="dimmed" data-testid="price-last-run">
      {run.finished_at
        ? t('priceTrends.coverage.lastRun', {
            date: ltr(formatDateTime(run.finished_at)),
            seconds: formatNumber(Math.round((run.duration_ms ?? 0) / 100) / 10),
            ...counts,
          })
        : t('priceTrends.coverage.running', { date: ltr(formatDateTime(run.started_at)) })}
    </Text>
  );
}

/** How many lines of the quotes sent in the last twelve months have a reference, overall and per lot, and the last run. */
export function CoverageSection() {
  const { t } = useTranslation();
  const query = usePriceCoverage();
  const coverage = query.data;
  return (
    <SectionCard title={t('priceTrends.coverage.title')} testId="price-coverage">
      <ErrorAlert error={query.error} />
      {coverage && (
        <Stack gap="sm">
          <Text size="sm" data-testid="price-coverage-total">
            {t('priceTrends.coverage.total', {
              referenced: formatNumber(coverage.referenced_lines),
              lines: formatNumber(coverage.lines),
              share: ltr(formatPercent(shareBp(coverage.referenced_lines, coverage.lines))),
            })}
          </Text>
          {coverage.last_run ? (
            <LastRun run={coverage.last_run} />
          ) : (
            <Text size="sm" c="dimmed" data-testid="price-last-run">
              {t('priceTrends.coverage.neverRun')}
            </Text>
          )}
          {coverage.by_lot.length > 0 && (
            <FigureTable
              testId="price-coverage-table"
              minWidth={280}
              table={{
                caption: t('priceTrends.coverage.caption'),
                head: [t('priceTrends.coverage.lot'), t('priceTrends.coverage.lines'), t('priceTrends.coverage.referenced')],
                rows: coverage.by_lot.map((row) => ({
                  key: row.lot,
                  cells: [
                    row.lot ? keyLabel(row.lot) : t('priceTrends.noLot'),
                    formatNumber(row.lines),
                    // On one line: « 119 (98,35 %) ».
                    t('priceTrends.coverage.referencedShare', {
                      count: formatNumber(row.referenced_lines),
                      share: ltr(formatPercent(shareBp(row.referenced_lines, row.lines))),
                    }).replace(/ /g, '\u00a0'),
                  ],
                })),
              }}
            />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
