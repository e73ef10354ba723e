import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the admin's price references: everything under `['price-trends']`. */
export const priceTrendKeys = {
  all: ['price-trends'] as const,
  trends: (query: object) => ['price-trends', 'trends', query] as const,
  coverage: ['price-trends', 'coverage'] as const,
  outliers: ['price-trends', 'outliers'] as const,
  outlierPage: (request: object) => ['price-trends', 'outliers', request] as const,
};

/** After an exclusion or a recalculation: trends, coverage and outliers may all have changed. */
export function useInvalidatePriceTrends() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: priceTrendKeys.all });
}
