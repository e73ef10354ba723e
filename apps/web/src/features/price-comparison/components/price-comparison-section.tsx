import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LotPlacement as LotPlacementData, PriceReferenceLevel, ProjectPriceComparison } from '@ouvrage/contracts';
import { PRICE_REFERENCE_RULE } from '@ouvrage/domain';
import { Ltr } from '../../../components/ui/bdi';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { isolate } from '../../../lib/bidi';
import { useProjectPriceComparison } from '../api/project-price-comparison';
import { LotPlacement } from './lot-placement';

const LEVEL_ORDER: Record<PriceReferenceLevel, number> = { departement: 0, region: 1, france: 2 };

/** The zones the lots were compared in, narrowest first (one sentence names them all). */
export function comparedZones(comparison: ProjectPriceComparison): Array<{ level: PriceReferenceLevel; name: string }> {
  const zones = new Map<string, { level: PriceReferenceLevel; name: string }>();
  for (const quote of comparison.quotes)
    for (const lot of quote.lots)
      if (lot.placement && lot.level && lot.zone_name) zones.set(`${lot.level}|${lot.zone_name}`, { level: lot.level, name: lot.zone_name });
  return [...zones.values()].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.name.localeCompare(b.name));
}

/** What the range means: the one explanation of the section. */
export function RangeExplanation({ zones }: { zones: Array<{ level: PriceReferenceLevel; name: string }> }) {
  const { t } = useTranslation();
  const where = zones.map((zone) => t(`priceComparison.zone.${zone.level}`, { zone: isolate(zone.name) })).join(t('priceComparison.zone.or'));
  return (
    <Text size="sm" data-testid="price-range-explanation">
      {t('priceComparison.explanation', { where, quotes: PRICE_REFERENCE_RULE.minQuotes, issuers: PRICE_REFERENCE_RULE.minIssuers })}
    </Text>
  );
}

interface ComparedQuote {
  id: number;
  label: string;
  title: string;
}

/**
 * Under the comparison of a project's quotes (issue 40): each quote's lots placed against what
 * similar work costs in the zone — « dans la fourchette habituelle », « au-dessus », « en dessous » —
 * with one explanation of the range. One card per quote, so it reads down a phone's screen.
 */
export function PriceComparisonSection({ projectId, quotes }: { projectId: number; quotes: ComparedQuote[] }) {
  const { t } = useTranslation();
  const query = useProjectPriceComparison(projectId);
  if (query.isPending) return null;
  const data = query.data;
  const byQuote = new Map<number, LotPlacementData[]>((data?.quotes ?? []).map((q) => [q.quote_id, q.lots]));
  const shown = quotes.filter((q) => (byQuote.get(q.id)?.length ?? 0) > 0);
  const zones = data ? comparedZones(data) : [];
  return (
    <Stack component="section" aria-labelledby="price-comparison-title" gap="sm" data-testid="price-comparison">
      <Title order={2} size="h3" id="price-comparison-title">
        {t('priceComparison.title')}
      </Title>
      <ErrorAlert error={query.error} />
      {data &&
        (zones.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="price-comparison-none">
            {t('priceComparison.none', { quotes: PRICE_REFERENCE_RULE.minQuotes, issuers: PRICE_REFERENCE_RULE.minIssuers })}
          </Text>
        ) : (
          <>
            <RangeExplanation zones={zones} />
            {shown.map((quote) => (
              <Card key={quote.id} withBorder padding="sm" data-testid={`price-quote-${quote.id}`}>
                <Title order={3} size="h5">
                  <Ltr>{quote.label}</Ltr>
                </Title>
                <Text size="sm" c="dimmed" mb={4} style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{quote.title}</bdi>
                </Text>
                {byQuote.get(quote.id)!.some((lot) => lot.placement) ? (
                  <Stack gap={0}>
                    {byQuote.get(quote.id)!.map((lot, index) => (
                      <div key={`${lot.lot_title}-${index}`}>
                        {index > 0 && <Divider />}
                        <LotPlacement lot={lot} zoneShown={zones.length > 1} />
                      </div>
                    ))}
                  </Stack>
                ) : (
                  // No lot of this quote has a reference: one sentence rather than a « Pas de référence » per lot.
                  <Text size="sm" c="dimmed" data-testid="price-quote-none">
                    {t('priceComparison.quoteNone')}
                  </Text>
                )}
              </Card>
            ))}
          </>
        ))}
    </Stack>
  );
}
