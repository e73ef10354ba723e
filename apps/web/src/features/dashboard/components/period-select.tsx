import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The chart's period: the last 6, 12 or 24 months, or one of the last three calendar years. */
export function PeriodSelect({ value, onChange, currentYear }: { value: string; onChange: (value: string) => void; currentYear: number }) {
  const { t } = useTranslation();
  const years = [currentYear, currentYear - 1, currentYear - 2].map((y) => ({ value: String(y), label: t('dashboards.architect.period.year', { year: y }) }));
  return (
    <Select
      label={t('dashboards.architect.period.label')}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      data={[
        { value: '6', label: t('dashboards.architect.period.m6') },
        { value: '12', label: t('dashboards.architect.period.m12') },
        { value: '24', label: t('dashboards.architect.period.m24') },
        ...years,
      ]}
      w={220}
      data-testid="period-select"
    />
  );
}
