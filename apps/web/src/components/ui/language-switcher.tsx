import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ouvrage/domain';

/** Choose French, English or Arabic; the choice is kept (local storage + cookie). */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('common.language')}
      data-testid="language-switcher"
      size="xs"
      w={compact ? 110 : 140}
      allowDeselect={false}
      value={i18n.resolvedLanguage ?? 'fr'}
      onChange={(value) => value && void i18n.changeLanguage(value)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
