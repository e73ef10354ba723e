import { memo } from 'react';
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';
import type { ReferenceComparison } from '../model/comparison';
import { comparisonSentence, PLACEMENT_STYLE } from './reference-text';

/** A lot against the references of its lines, in one sentence (nothing when no line has one). */
export const LotReferenceSummary = memo(function LotReferenceSummary({ comparison }: { comparison: ReferenceComparison }) {
  const { t } = useTranslation();
  const sentence = comparisonSentence(t, 'lot', comparison);
  if (!sentence || !comparison.placement) return null;
  const style = PLACEMENT_STYLE[comparison.placement];
  return (
    <Text size="sm" mb="xs" data-testid="lot-price-reference" data-placement={comparison.placement}>
      <Text span c={style.color} fw={700} aria-hidden>
        {style.glyph}
      </Text>{' '}
      {sentence}
    </Text>
  );
});

/** The whole quote against the references: the sentence and the amounts compared. */
export const QuoteReferenceSummary = memo(function QuoteReferenceSummary({ comparison }: { comparison: ReferenceComparison }) {
  const { t } = useTranslation();
  const sentence = comparisonSentence(t, 'quote', comparison);
  if (!sentence || !comparison.placement) return null;
  const style = PLACEMENT_STYLE[comparison.placement];
  const euros = (cents: number) => ltr(formatEuros(cents));
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="quote-price-reference-title"
      data-testid="quote-price-reference"
      data-placement={comparison.placement}
    >
      <Title order={2} size="h5" id="quote-price-reference-title" mb={6}>
        {t('priceReferences.summary.title')}
      </Title>
      <Text size="sm" fw={600}>
        <Text span c={style.color} aria-hidden>
          {style.glyph}
        </Text>{' '}
        {sentence}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('priceReferences.summary.amounts', {
          priced: euros(comparison.pricedCents),
          median: euros(comparison.medianCents),
          low: euros(comparison.q1Cents),
          high: euros(comparison.q3Cents),
        })}
      </Text>
    </Card>
  );
});
