import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBiensOfCategory, useCatalogLabels, usePublicCategories } from '../../catalog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Choice, type StepProps } from './journey-steps';

export default function ProjectStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  const categories = usePublicCategories();
  const biens = useBiensOfCategory(values.projet);
  const catalog = useCatalogLabels();
  return (
    <Stack>
      <ErrorAlert error={categories.error ?? biens.error} />
      <Choice
        name="projet"
        label={t('projects.fields.projet')}
        options={(categories.data ?? []).map((c) => {
          const { name, description } = catalog.text(c);
          return { value: String(c.id), label: name, description, image: c.image_path };
        })}
        value={values.projet ? String(values.projet) : null}
        onChange={(v) => {
          set('projet', Number(v));
          set('bien', null);
        }}
        error={errors.projet}
      />
      {values.projet ? (
        <Choice
          name="bien"
          label={t('projects.fields.bien')}
          options={(biens.data ?? []).map((b) => ({ value: String(b.id), label: catalog.text(b).name, description: catalog.text(b).description || undefined }))}
          value={values.bien ? String(values.bien) : null}
          onChange={(v) => set('bien', Number(v))}
          error={errors.bien}
        />
      ) : null}
    </Stack>
  );
}
