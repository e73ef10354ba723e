import type { TFunction } from 'i18next';
import { formatNumber } from './format';

/**
 * « 42 résultat(s) », or « Plus de 10 000 résultats » when the API stopped counting
 * (`total_capped`, decision 0963): the lists then serve their first 10 000 rows and the filters
 * narrow the rest.
 */
export function resultsCount(t: TFunction, list: { total: number; total_capped: boolean }): string {
  return list.total_capped ? t('common.resultsCapped', { count: list.total, shown: formatNumber(list.total) }) : t('common.results', { count: list.total });
}
