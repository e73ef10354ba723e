import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the quotes feature: every list and detail lives under `['quotes']`. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (scope: string, filters: object) => ['quotes', 'list', scope, filters] as const,
  detail: (id: number) => ['quotes', 'detail', id] as const,
  validation: (filters: object) => ['quotes', 'validation', filters] as const,
  comparison: (projectId: number) => ['quotes', 'comparison', projectId] as const,
};

/** After any change of a quote: lists, details and comparisons may all show it. */
export function useInvalidateQuotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quoteKeys.all });
}
