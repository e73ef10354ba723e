import { memo } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceReference } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';
import { linePlacement } from '../model/comparison';
import { PLACEMENT_STYLE, referenceSentence } from './reference-text';

export interface LineReferenceProps {
  reference: PriceReference;
  /** The line's price fields, as primitives: the component is drawn again only when one changes. */
  quantityMilli: number | null;
  unitPriceCents: number | null;
  discountBp: number;
  /** The line's name, for the button's accessible name. */
  lineName: string;
  /** Given for an editable line without a price: « Utiliser la médiane » sets it. */
  onUseMedian?: (medianCents: number) => void;
}

/**
 * Under a quote line: its reference in a sentence, where the typed price falls (colour, sign and
 * words), and for a new line the median in one click. The placement is computed here, with the
 * domain's rule, on every price typed: no request.
 */
export const LineReference = memo(function LineReference({ reference, quantityMilli, unitPriceCents, discountBp, lineName, onUseMedian }: LineReferenceProps) {
  const { t } = useTranslation();
  const placement = linePlacement({ quantity_milli: quantityMilli, unit_price_cents: unitPriceCents, discount_bp: discountBp, optional: false }, reference);
  return (
    <Stack gap={4} mt="xs" data-testid="price-reference">
      <Text size="xs" c="dimmed" data-testid="price-reference-sentence">
        {referenceSentence(t, reference)}
      </Text>
      <Group gap="xs" wrap="wrap">
        {placement && (
          <Badge
            variant="light"
            color={PLACEMENT_STYLE[placement].color.split('.')[0]}
            tt="none"
            // The words are the information: on a phone they wrap rather than end in « … ».
            h="auto"
            py={2}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
            data-testid="price-placement"
            data-placement={placement}
            leftSection={<span aria-hidden>{PLACEMENT_STYLE[placement].glyph}</span>}
          >
            {t(`priceReferences.line.placement.${placement}`)}
          </Badge>
        )}
        {onUseMedian && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => onUseMedian(reference.median_cents)}
            aria-label={t('priceReferences.line.useMedianLabel', { amount: ltr(formatEuros(reference.median_cents)), name: lineName })}
          >
            {t('priceReferences.line.useMedian')}
          </Button>
        )}
      </Group>
    </Stack>
  );
});
