import { useEffect, useState } from 'react';
import { Autocomplete, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AddressSuggestion } from '@ouvrage/contracts';
import { useAddressSearch } from '../api/address-search';

/** Address autocompletion (Géoplateforme, or communes offline); picking one fills the address fields. */
export function AddressField({ onPick, error }: { onPick: (s: AddressSuggestion) => void; error?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(text), 250);
    return () => clearTimeout(id);
  }, [text]);
  const search = useAddressSearch(debounced);
  const items = search.data?.items ?? [];
  const labels = [...new Set(items.map((i) => i.label))];

  return (
    <div>
      <Autocomplete
        label={t('projects.journey.addressSearch')}
        description={t('projects.journey.addressSearchHelp')}
        placeholder={t('projects.journey.addressPlaceholder')}
        value={text}
        onChange={setText}
        data={labels}
        filter={({ options }) => options}
        onOptionSubmit={(label) => {
          const picked = items.find((i) => i.label === label);
          if (picked) onPick(picked);
        }}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        error={error}
        data-testid="address-search"
        comboboxProps={{ withinPortal: true }}
      />
      {search.data?.source === 'offline' && items.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('projects.journey.offlineHint')}
        </Text>
      )}
    </div>
  );
}
