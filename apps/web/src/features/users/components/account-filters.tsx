import type { TFunction } from 'i18next';
import type { FilterField } from '../../../components/ui/filter-bar';
import { choiceFilter, optionFilter, textFilter } from '../../../lib/list-query';

const SORTS = ['recent', 'name'] as const;

/** The filters of the clients' list; the professionals' add theirs. */
export const clientFilters = { q: textFilter(), sort: choiceFilter(SORTS, 'recent') };
export const proFilters = {
  ...clientFilters,
  is_validate: choiceFilter(['En attente', 'Validé', 'Refusé'] as const),
  user_type: choiceFilter(['professionnel', 'dessinateur', 'architecte'] as const),
  profession_id: optionFilter(),
  departement: optionFilter(),
};

/** Search box and sort shared by the two lists. */
export function searchAndSort(t: TFunction, group: 'client' | 'pro'): Array<FilterField<typeof clientFilters>> {
  return [
    {
      type: 'search',
      name: 'q',
      label: t('users.search'),
      placeholder: group === 'pro' ? t('users.searchProPlaceholder') : t('users.searchPlaceholder'),
      w: 320,
    },
    {
      type: 'select',
      name: 'sort',
      label: t('users.sort'),
      w: 180,
      options: [
        { value: 'recent', label: t('users.sortRecent') },
        { value: 'name', label: t('users.sortName') },
      ],
    },
  ];
}
