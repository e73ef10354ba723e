import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountFilters } from '../api/accounts';

/** Search box and sort shared by the two lists. */
export function SearchAndSort({ filters, onChange }: { filters: AccountFilters; onChange: (f: AccountFilters) => void }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end">
      <TextInput
        label={t('users.search')}
        placeholder={filters.group === 'pro' ? t('users.searchProPlaceholder') : t('users.searchPlaceholder')}
        w={320}
        value={filters.q ?? ''}
        onChange={(e) => onChange({ ...filters, q: e.currentTarget.value, page: 1 })}
      />
      <Select
        label={t('users.sort')}
        w={180}
        allowDeselect={false}
        data={[
          { value: 'recent', label: t('users.sortRecent') },
          { value: 'name', label: t('users.sortName') },
        ]}
        value={filters.sort ?? 'recent'}
        onChange={(v) => onChange({ ...filters, sort: (v as 'recent' | 'name') ?? 'recent', page: 1 })}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
