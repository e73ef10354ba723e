import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUDGET_RANGES } from '@ouvrage/domain';
import type { StepProps } from './journey-steps';

export default function CharacteristicsStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('projects.fields.surface')}
          name="surface"
          required
          inputMode="decimal"
          rightSection="m²"
          value={values.surface ?? ''}
          onChange={(e) => set('surface', e.currentTarget.value)}
          error={errors.surface}
        />
        <TextInput
          label={t('projects.fields.surfaceTravaux')}
          name="surfaceTravaux"
          required
          inputMode="decimal"
          rightSection="m²"
          value={values.surfaceTravaux ?? ''}
          onChange={(e) => set('surfaceTravaux', e.currentTarget.value)}
          error={errors.surfaceTravaux}
        />
      </SimpleGrid>
      <TextInput
        label={t('projects.fields.valueBien')}
        description={t('projects.journey.optional')}
        name="valueBien"
        inputMode="decimal"
        rightSection="€"
        value={values.valueBien ?? ''}
        onChange={(e) => set('valueBien', e.currentTarget.value)}
        error={errors.valueBien}
      />
      <Select
        label={t('projects.fields.budget')}
        name="budget"
        required
        data={BUDGET_RANGES.map((b) => ({ value: b.key, label: t(`projects.budgets.${b.key}`) }))}
        value={values.budget ?? null}
        onChange={(v) => set('budget', v ?? '')}
        error={errors.budget}
        allowDeselect={false}
      />
    </Stack>
  );
}
