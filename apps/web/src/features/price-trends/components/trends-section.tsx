import { useState } from 'react';
import { Select, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRICE_REFERENCE_LEVELS, type PriceReferenceLevel } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useDepartementList } from '../api/departements';
import { usePriceTrends } from '../api/price-trends';
import { keyLabel } from '../model/label';
import { REGIONS } from '../model/regions';
import { TrendChart } from './trend-chart';

const LEVELS = [...PRICE_REFERENCE_LEVELS].reverse(); // France, région, département: widest first.

/**
 * The quarterly figures of a lot's lines in a zone: the admin picks the lot, the level (France, a
 * region, a département) and the zone; each line has its chart and table.
 */
export function TrendsSection() {
  const { t } = useTranslation();
  const [lot, setLot] = useState<string | undefined>();
  const [level, setLevel] = useState<PriceReferenceLevel>('france');
  const [zones, setZones] = useState<Partial<Record<PriceReferenceLevel, string>>>({});
  const zone = level === 'france' ? undefined : zones[level];
  const departements = useDepartementList();
  const query = usePriceTrends({ lot, niveau: level, zone }, level === 'france' || !!zone);
  const trends = query.data;
  const zoneOptions =
    level === 'region'
      ? REGIONS.map((r) => ({ value: r.code, label: r.nom })).sort((a, b) => a.label.localeCompare(b.label, 'fr'))
      : (departements.data ?? []).map((d) => ({ value: d.code, label: `${d.code} — ${d.nom}` }));
  return (
    <SectionCard title={t('priceTrends.trends.title')} testId="price-trends">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('priceTrends.trends.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('priceTrends.trends.lot')}
            data={(trends?.lots ?? []).map((l) => ({
              value: l.key,
              label: t('priceTrends.trends.lotOption', { lot: l.label ? keyLabel(l.label) : t('priceTrends.noLot'), count: l.lines }),
            }))}
            value={trends?.lot ?? lot ?? null}
            onChange={(value) => setLot(value ?? undefined)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('priceTrends.trends.noLot')}
            data-testid="price-trends-lot"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="price-trends-level">
              {t('priceTrends.trends.level')}
            </Text>
            <SegmentedControl
              aria-labelledby="price-trends-level"
              value={level}
              onChange={(value) => setLevel(value as PriceReferenceLevel)}
              data={LEVELS.map((l) => ({ value: l, label: t(`priceTrends.levels.${l}`) }))}
              data-testid="price-trends-level"
            />
          </Stack>
          {level !== 'france' && (
            <Select
              label={t('priceTrends.trends.zone')}
              placeholder={t('priceTrends.trends.zonePlaceholder')}
              data={zoneOptions}
              value={zone ?? null}
              onChange={(value) => setZones((current) => ({ ...current, [level]: value ?? undefined }))}
              searchable
              nothingFoundMessage={t('priceTrends.trends.noZone')}
              data-testid="price-trends-zone"
            />
          )}
        </SimpleGrid>
        <ErrorAlert error={query.error ?? departements.error} />
        {level !== 'france' && !zone ? (
          <Text size="sm" c="dimmed">
            {t('priceTrends.trends.chooseZone')}
          </Text>
        ) : (
          trends &&
          (trends.lines.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="price-trends-empty">
              {t('priceTrends.trends.empty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              {trends.lines.map((line) => (
                <TrendChart key={line.line_key} line={line} />
              ))}
            </SimpleGrid>
          ))
        )}
      </Stack>
    </SectionCard>
  );
}
