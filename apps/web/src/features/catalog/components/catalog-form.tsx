import { useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CATALOG_TRANSLATION_LANGUAGES, type CatalogText, type CatalogTranslationLanguage } from '@ouvrage/domain';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { DescribedSwitch } from '../../../components/ui/described-switch';

export interface CatalogFormValues {
  name: string;
  description: string;
  icon: string;
  position: number;
  active: boolean;
  links: string[];
  /** English and Arabic name and description; empty = the French one is shown. */
  translations: Record<CatalogTranslationLanguage, CatalogText>;
}

export const NO_TRANSLATIONS: CatalogFormValues['translations'] = { en: { name: '', description: '' }, ar: { name: '', description: '' } };

/** The same form for a category (linked goods) and a good (linked categories). */
export function CatalogForm({
  initial,
  linkLabel,
  linkOptions,
  linkField,
  error,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: CatalogFormValues;
  linkLabel: string;
  linkOptions: Array<{ value: string; label: string }>;
  linkField: 'biens' | 'categories';
  error: unknown;
  pending: boolean;
  onSubmit: (values: CatalogFormValues) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState(initial);
  const fields = fieldErrors(error);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(v);
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label={t('catalog.name')}
          required
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={fields.name}
          maxLength={80}
        />
        <Textarea
          label={t('catalog.description')}
          value={v.description}
          onChange={(e) => setV({ ...v, description: e.currentTarget.value })}
          error={fields.description}
          autosize
          minRows={2}
          maxLength={1000}
        />
        <Fieldset legend={t('catalog.translations.title')} variant="filled" data-testid="catalog-translations">
          <Text size="sm" c="dimmed" mb="xs">
            {t('catalog.translations.help')}
          </Text>
          <Stack gap="sm">
            {CATALOG_TRANSLATION_LANGUAGES.map((lng) => {
              const value = v.translations[lng];
              const change = (patch: Partial<CatalogText>) => setV({ ...v, translations: { ...v.translations, [lng]: { ...value, ...patch } } });
              const dir = lng === 'ar' ? 'rtl' : 'ltr';
              return (
                <Group key={lng} grow align="flex-start" wrap="wrap">
                  <TextInput
                    label={t('catalog.translations.name', { language: t(`catalog.translations.${lng}`) })}
                    lang={lng}
                    dir={dir}
                    value={value.name}
                    onChange={(e) => change({ name: e.currentTarget.value })}
                    error={fields[`translations.${lng}.name`]}
                    maxLength={80}
                    miw={200}
                  />
                  <Textarea
                    label={t('catalog.translations.description', { language: t(`catalog.translations.${lng}`) })}
                    lang={lng}
                    dir={dir}
                    value={value.description}
                    onChange={(e) => change({ description: e.currentTarget.value })}
                    error={fields[`translations.${lng}.description`]}
                    autosize
                    minRows={1}
                    maxLength={1000}
                    miw={200}
                  />
                </Group>
              );
            })}
          </Stack>
        </Fieldset>
        <Group grow align="flex-start">
          <TextInput
            label={t('catalog.icon')}
            description={t('catalog.iconHelp')}
            value={v.icon}
            onChange={(e) => setV({ ...v, icon: e.currentTarget.value })}
            error={fields.icon}
            maxLength={60}
          />
          <TextInput
            label={t('catalog.position')}
            inputMode="numeric"
            maxLength={4}
            value={String(v.position)}
            onChange={(e) => setV({ ...v, position: Number(e.currentTarget.value.replace(/\D/g, '') || 0) })}
            error={fields.position}
          />
        </Group>
        <Checkbox.Group label={linkLabel} value={v.links} onChange={(links) => setV({ ...v, links })} error={fields[linkField]}>
          <Group mt="xs" gap="md">
            {linkOptions.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <DescribedSwitch
          label={t('catalog.active')}
          description={t('catalog.activeHelp')}
          checked={v.active}
          onChange={(e) => setV({ ...v, active: e.currentTarget.checked })}
        />
        <ErrorAlert error={error && Object.keys(fields).length === 0 ? error : null} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function toBody(v: CatalogFormValues) {
  const text = (x: CatalogText) => ({ name: x.name.trim(), description: x.description.trim() });
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    translations: { en: text(v.translations.en), ar: text(v.translations.ar) },
    icon: v.icon.trim() || null,
    position: v.position,
    active: v.active,
  };
}
