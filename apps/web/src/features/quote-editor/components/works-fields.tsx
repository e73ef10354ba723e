import { Checkbox, Grid, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WORKS_DURATION_MAX_DAYS } from '@ouvrage/domain';
import { DateField } from '../../../components/ui/date-field';
import type { QuoteDraft } from '../model/draft';

type WorksValues = Pick<QuoteDraft, 'works_start_date' | 'works_duration_days'>;

/** When the works start and/or how long they last (C. conso. L111-1 3°, decision 1043): printed on the quote. */
export function WorksFields({
  values,
  onChange,
  errors,
  readOnly = false,
}: {
  values: WorksValues;
  onChange: (patch: Partial<WorksValues>) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateField
          label={t('quoteEditor.works.start')}
          description={t('quoteEditor.works.help')}
          value={values.works_start_date}
          onChange={(v) => onChange({ works_start_date: v })}
          error={errors.works_start_date}
          readOnly={readOnly}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NumberInput
          label={t('quoteEditor.works.duration')}
          min={1}
          max={WORKS_DURATION_MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          value={values.works_duration_days ?? ''}
          onChange={(v) => onChange({ works_duration_days: typeof v === 'number' ? v : v === '' ? null : Number(v) || null })}
          error={errors.works_duration_days}
          readOnly={readOnly}
        />
      </Grid.Col>
    </Grid>
  );
}

/** A dépannage the consumer asked for urgently at home: no right of withdrawal (C. conso. L221-28 8°, decision 1042). */
export function UrgentRepairField({ checked, onChange, readOnly = false }: { checked: boolean; onChange: (checked: boolean) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('quoteEditor.works.urgent')}
      description={t('quoteEditor.works.urgentHelp')}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      disabled={readOnly}
    />
  );
}
