import { Button, Checkbox, Fieldset, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CATALOG_TRANSLATION_LANGUAGES, type CatalogText, type CatalogTranslationLanguage } from '@ouvrage/domain';
import { useTranslation } from 'react-i18next';
import { saveBienBody, saveCategoryBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { DescribedSwitch } from '../../../components/ui/described-switch';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';

/** What a category links (its goods) and what a good links (its categories), named as the API names them. */
export type CatalogLinkField = 'biens' | 'categories';

interface CatalogFields {
  name: string;
  description: string;
  icon: string;
  position: number;
  active: boolean;
  /** English and Arabic name and description; empty = the French one is shown. */
  translations: Record<CatalogTranslationLanguage, CatalogText>;
}

/** The form's values: the request's fields, the linked ids under the API's own name (`biens` or `categories`). */
export type CatalogFormValues<K extends CatalogLinkField> = CatalogFields & { [key in K]: number[] };

/** What the form holds inside, whichever the link field. */
type Values = CatalogFields & Partial<Record<CatalogLinkField, number[]>>;

/** The request body: texts trimmed, no icon as null. */
export type CatalogBody<K extends CatalogLinkField> = ReturnType<typeof textsOf> & { [key in K]: number[] };

export const NO_TRANSLATIONS: CatalogFields['translations'] = { en: { name: '', description: '' }, ar: { name: '', description: '' } };

/** The contract each form is checked with: a category's links its goods, a good's its categories. */
const SCHEMAS = { biens: formSchema(saveCategoryBody), categories: formSchema(saveBienBody) } as const;

function textsOf(v: CatalogFields) {
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

function bodyOf<K extends CatalogLinkField>(v: CatalogFormValues<K>, linkField: K): CatalogBody<K> {
  return { ...textsOf(v), [linkField]: v[linkField] } as CatalogBody<K>;
}

/** The same form for a category (linked goods) and a good (linked categories). */
export function CatalogForm<K extends CatalogLinkField>({
  initial,
  linkLabel,
  linkOptions,
  linkField,
  error,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: CatalogFormValues<K>;
  linkLabel: string;
  linkOptions: Array<{ value: string; label: string }>;
  linkField: K;
  /** The save's failure: its field messages land on the fields. */
  error: unknown;
  pending: boolean;
  onSubmit: (body: CatalogBody<K>) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  // No `source`: the values stay as typed while the record changes beside them (a category's image).
  const form = useContractForm<Values>({
    initialValues: initial,
    schema: SCHEMAS[linkField],
    toBody: (v) => bodyOf(v as CatalogFormValues<K>, linkField),
    serverError: error,
  });
  const v = form.getValues();
  // The link field as a plain path of the form (its generic name does not narrow the value type).
  const linkPath: CatalogLinkField = linkField;
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(bodyOf(values as CatalogFormValues<K>, linkField)))} noValidate>
      <Stack gap="sm">
        <TextInput label={t('catalog.name')} required {...form.getInputProps('name')} maxLength={80} />
        <Textarea label={t('catalog.description')} {...form.getInputProps('description')} autosize minRows={2} maxLength={1000} />
        <Fieldset legend={t('catalog.translations.title')} variant="filled" data-testid="catalog-translations">
          <Text size="sm" c="dimmed" mb="xs">
            {t('catalog.translations.help')}
          </Text>
          <Stack gap="sm">
            {CATALOG_TRANSLATION_LANGUAGES.map((lng) => {
              const dir = lng === 'ar' ? 'rtl' : 'ltr';
              return (
                <Group key={lng} grow align="flex-start" wrap="wrap">
                  <TextInput
                    label={t('catalog.translations.name', { language: t(`catalog.translations.${lng}`) })}
                    lang={lng}
                    dir={dir}
                    {...form.getInputProps(`translations.${lng}.name`)}
                    maxLength={80}
                    miw={200}
                  />
                  <Textarea
                    label={t('catalog.translations.description', { language: t(`catalog.translations.${lng}`) })}
                    lang={lng}
                    dir={dir}
                    {...form.getInputProps(`translations.${lng}.description`)}
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
          <TextInput label={t('catalog.icon')} description={t('catalog.iconHelp')} {...form.getInputProps('icon')} maxLength={60} />
          <TextInput
            label={t('catalog.position')}
            inputMode="numeric"
            maxLength={4}
            {...form.getInputProps('position')}
            value={String(v.position)}
            onChange={(e) => form.setFieldValue('position', Number(e.currentTarget.value.replace(/\D/g, '') || 0))}
          />
        </Group>
        <Checkbox.Group
          label={linkLabel}
          {...form.getInputProps(linkPath)}
          value={(v[linkPath] ?? []).map(String)}
          onChange={(ids) => form.setFieldValue(linkPath, ids.map(Number))}
        >
          <Group mt="xs" gap="md">
            {linkOptions.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <DescribedSwitch label={t('catalog.active')} description={t('catalog.activeHelp')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <ErrorAlert error={form.alertError} />
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
