import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LotPlacement as LotPlacementData, PricePlacement } from '@ouvrage/contracts';
import { isolate, ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';

/** Each placement's colour: never alone, the badge says it in words. */
const PLACEMENT_COLORS: Record<PricePlacement, string> = { below: 'blue', within: 'green', above: 'orange' };

/** Where a lot's price falls against the zone's range, in words and colour. */
export function PlacementBadge({ placement }: { placement: PricePlacement | null }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={placement ? PLACEMENT_COLORS[placement] : 'gray'}
      variant="light"
      size="lg"
      radius="sm"
      style={{ textTransform: 'none', whiteSpace: 'normal', height: 'auto', minHeight: 26 }}
      data-testid="price-placement"
      data-placement={placement ?? 'none'}
    >
      {t(`priceComparison.placement.${placement ?? 'none'}`)}
    </Badge>
  );
}

/**
 * One lot of a quote against the references: its placement, the amount of its compared lines and
 * the range they would cost in the zone, and how many of its lines have a reference. `zoneShown`:
 * the lots of the screen are not all compared in the same zone, so each names its own.
 */
export function LotPlacement({ lot, zoneShown = false }: { lot: LotPlacementData; zoneShown?: boolean }) {
  const { t } = useTranslation();
  // One amount never breaks across two lines; left to right inside an Arabic sentence.
  const money = (cents: number) => ltr(formatEuros(cents).replace(/ /g, '\u00a0'));
  return (
    <Stack gap={4} py="xs" data-testid="price-lot" data-placement={lot.placement ?? 'none'}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 10rem' }}>
          <bdi>{lot.lot_title}</bdi>
        </Text>
        <PlacementBadge placement={lot.placement} />
      </Group>
      {lot.placement ? (
        <>
          <div data-testid="price-lot-amounts">
            <Text size="sm">{t('priceComparison.priced', { amount: money(lot.priced_cents) })}</Text>
            <Text size="sm">{t('priceComparison.range', { low: money(lot.q1_cents), high: money(lot.q3_cents) })}</Text>
          </div>
          <Text size="xs" c="dimmed" data-testid="price-lot-lines">
            {t('priceComparison.lines', { referenced: lot.referenced_lines, count: lot.lines })}
            {zoneShown && lot.zone_name ? ` · ${t('priceComparison.zoneOfLot', { zone: isolate(lot.zone_name) })}` : ''}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed" data-testid="price-lot-lines">
          {t('priceComparison.noReference')}
        </Text>
      )}
    </Stack>
  );
}
