import { Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEADLINES, OWNER_STATUSES, START_PERIODS } from '@ouvrage/domain';
import type { StepProps } from './journey-steps';

export default function CalendarStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  const select = (key: 'times' | 'delai' | 'proprio', list: readonly string[], prefix: string) => (
    <Select
      label={t(`projects.fields.${key}`)}
      name={key}
      required
      data={list.map((v) => ({ value: v, label: t(`projects.${prefix}.${v}`) }))}
      value={values[key] ?? null}
      onChange={(v) => set(key, v ?? '')}
      error={errors[key]}
      allowDeselect={false}
    />
  );
  return (
    <Stack>
      {select('times', START_PERIODS, 'times')}
      {select('delai', DEADLINES, 'delai')}
      {select('proprio', OWNER_STATUSES, 'proprio')}
    </Stack>
  );
}
