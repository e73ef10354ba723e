import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ouvrage/domain';

/**
 * The language choice, on the first pages and in the top bar: the browser's own list. The kit's
 * searchable list weighed some 40 kB of compressed code that a newcomer's first page does not need
 * otherwise (decision 0945); in the top bar it also kept its hidden list mounted, positioned at
 * every start (a forced style computation and a second render, decision 0971).
 */
export function NativeLanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data-testid="language-switcher"
      size="xs"
      // On a phone the compact list is narrower: the top bar keeps every control on screen (decision 1205).
      w={compact ? { base: 96, xs: 110 } : 140}
      value={i18n.resolvedLanguage ?? 'fr'}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
    />
  );
}
