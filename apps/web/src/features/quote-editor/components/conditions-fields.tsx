import { NumberInput, Select, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent, MAX_RETENTION_BP, parsePercent, VALIDITY_DAYS_LIMITS } from '@ouvrage/domain';
import { DecimalInput } from '../../../components/ui/decimal-input';

/** The conditions a quote and the settings share (validity, deposit, payment, penalties, retention, texts). */
export interface ConditionValues {
  validity_days: number;
  deposit_bp: number;
  payment_terms: string;
  late_penalty_bp: number;
  retention_bp: number;
  free_text: string;
  general_conditions: string;
}

const percentText = (bp: number) => formatPercent(bp).replace(/ %$/, '');
const RETENTION_STEPS = [0, 100, 200, 300, 400, MAX_RETENTION_BP];

export function ConditionsFields({
  values,
  onChange,
  errors,
  readOnly = false,
}: {
  values: ConditionValues;
  onChange: (patch: Partial<ConditionValues>) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const retention = RETENTION_STEPS.includes(values.retention_bp) ? RETENTION_STEPS : [...RETENTION_STEPS, values.retention_bp].sort((a, b) => a - b);
  return (
    <>
      <NumberInput
        label={t('quoteEditor.conditions.validityDays')}
        description={t('quoteEditor.conditions.validityHelp')}
        min={VALIDITY_DAYS_LIMITS.min}
        max={VALIDITY_DAYS_LIMITS.max}
        allowDecimal={false}
        allowNegative={false}
        value={values.validity_days}
        onChange={(v) => onChange({ validity_days: typeof v === 'number' ? v : Number(v) || 0 })}
        error={errors.validity_days}
        readOnly={readOnly}
      />
      <DecimalInput
        label={t('quoteEditor.conditions.deposit')}
        value={values.deposit_bp}
        onChange={(v) => onChange({ deposit_bp: v ?? 0 })}
        parse={parsePercent}
        format={percentText}
        rightSection="%"
        rightSectionPointerEvents="none"
        error={errors.deposit_bp}
        readOnly={readOnly}
      />
      <DecimalInput
        label={t('quoteEditor.conditions.latePenalty')}
        description={t('quoteEditor.conditions.latePenaltyHelp')}
        value={values.late_penalty_bp}
        onChange={(v) => onChange({ late_penalty_bp: v ?? 0 })}
        parse={parsePercent}
        format={percentText}
        rightSection="%"
        rightSectionPointerEvents="none"
        error={errors.late_penalty_bp}
        readOnly={readOnly}
      />
      <Select
        label={t('quoteEditor.conditions.retention')}
        description={t('quoteEditor.conditions.retentionHelp')}
        data={retention.map((bp) => ({ value: String(bp), label: bp === 0 ? t('quoteEditor.conditions.retentionNone') : formatPercent(bp) }))}
        value={String(values.retention_bp)}
        onChange={(v) => v !== null && onChange({ retention_bp: Number(v) })}
        allowDeselect={false}
        error={errors.retention_bp}
        readOnly={readOnly}
      />
      <Textarea
        label={t('quoteEditor.conditions.paymentTerms')}
        value={values.payment_terms}
        onChange={(e) => onChange({ payment_terms: e.currentTarget.value })}
        error={errors.payment_terms}
        dir="auto"
        autosize
        minRows={2}
        maxLength={2000}
        readOnly={readOnly}
      />
      <Textarea
        label={t('quoteEditor.conditions.freeText')}
        value={values.free_text}
        onChange={(e) => onChange({ free_text: e.currentTarget.value })}
        error={errors.free_text}
        dir="auto"
        autosize
        minRows={2}
        maxLength={4000}
        readOnly={readOnly}
      />
      <Textarea
        label={t('quoteEditor.conditions.generalConditions')}
        value={values.general_conditions}
        onChange={(e) => onChange({ general_conditions: e.currentTarget.value })}
        error={errors.general_conditions}
        dir="auto"
        autosize
        minRows={3}
        maxRows={12}
        maxLength={20000}
        readOnly={readOnly}
      />
    </>
  );
}
