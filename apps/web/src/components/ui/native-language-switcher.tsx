import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ouvrage/domain';

/**
 * The language choice of the first pages: the browser's own list. The kit's searchable list
 * (`LanguageSwitcher`, in the top bar) weighs some 40 kB of compressed code that a newcomer's
 * first page does not need otherwise (decision 0945). Same label, test id and storage.
 */
export function NativeLanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data-testid="language-switcher"
      size="xs"
      w={compact ? 110 : 140}
      value={i18n.resolvedLanguage ?? 'fr'}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
    />
  );
}
