import { useState } from 'react';
import { Button, Checkbox, Group, Stack, TextInput, Textarea } from '@mantine/core';
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
}

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
        <TextInput label={t('catalog.name')} required value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={fields.name} maxLength={80} />
        <Textarea label={t('catalog.description')} value={v.description} onChange={(e) => setV({ ...v, description: e.currentTarget.value })} error={fields.description} autosize minRows={2} maxLength={1000} />
        <Group grow align="flex-start">
          <TextInput label={t('catalog.icon')} description={t('catalog.iconHelp')} value={v.icon} onChange={(e) => setV({ ...v, icon: e.currentTarget.value })} error={fields.icon} maxLength={60} />
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
        <DescribedSwitch label={t('catalog.active')} description={t('catalog.activeHelp')} checked={v.active} onChange={(e) => setV({ ...v, active: e.currentTarget.checked })} />
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
  return { name: v.name.trim(), description: v.description.trim(), icon: v.icon.trim() || null, position: v.position, active: v.active };
}
