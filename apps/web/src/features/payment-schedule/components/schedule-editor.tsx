import { useState } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentScheduleView } from '@ouvrage/contracts';
import { SCHEDULE_CONTRACT_KINDS, SCHEDULE_STAGES, type ScheduleContractKind } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { useDeleteSchedule, useSetSchedule } from '../api/payment-schedule';
import { bodyOf, emptyRow, rowsOf, type MilestoneRow } from '../model/rows';

/**
 * The « Échéancier » form of a draft quote (decision 1221): milestones typed as rows, saved as one
 * schedule; whether it adds up and keeps the legal limits is the server's answer, shown in the
 * reader's language.
 */
export function ScheduleEditor({ quoteId, schedule }: { quoteId: number; schedule: PaymentScheduleView | null }) {
  const { t } = useTranslation();
  const [contractKind, setContractKind] = useState<ScheduleContractKind>(schedule?.contract_kind ?? 'travaux');
  const [rows, setRows] = useState<MilestoneRow[]>(() =>
    schedule
      ? rowsOf(schedule.milestones)
      : [
          { ...emptyRow('signature'), percent: '30' },
          { ...emptyRow('stage'), stage: 'reception', percent: '70' },
        ],
  );
  const save = useSetSchedule(quoteId);
  const remove = useDeleteSchedule(quoteId);
  const change = (i: number, patch: Partial<MilestoneRow>) => setRows((all) => all.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  return (
    <Stack gap="sm" data-testid="schedule-editor">
      <Select
        label={t('paymentSchedule.contractKind')}
        value={contractKind}
        onChange={(v) => v && setContractKind(v as ScheduleContractKind)}
        data={SCHEDULE_CONTRACT_KINDS.map((k) => ({ value: k, label: t(`paymentSchedule.contractKinds.${k}`) }))}
        allowDeselect={false}
      />
      {rows.map((row, i) => (
        <Group key={i} align="end" gap="xs" wrap="wrap" data-testid={`schedule-row-${i}`}>
          <Select
            label={t('paymentSchedule.when')}
            value={row.kind}
            onChange={(v) => v && change(i, { kind: v as MilestoneRow['kind'] })}
            data={(['signature', 'stage', 'label', 'date'] as const).map((k) => ({ value: k, label: t(`paymentSchedule.triggers.${k}`) }))}
            allowDeselect={false}
            w={190}
          />
          {row.kind === 'stage' && (
            <Select
              label={t('paymentSchedule.stage')}
              value={row.stage}
              onChange={(v) => v && change(i, { stage: v as MilestoneRow['stage'] })}
              data={SCHEDULE_STAGES.map((s) => ({ value: s, label: t(`paymentSchedule.stages.${s}`) }))}
              allowDeselect={false}
              w={220}
            />
          )}
          {row.kind === 'label' && (
            <TextInput label={t('paymentSchedule.label')} value={row.label} onChange={(e) => change(i, { label: e.currentTarget.value })} w={220} />
          )}
          {row.kind === 'date' && (
            <TextInput type="date" label={t('paymentSchedule.date')} value={row.date} onChange={(e) => change(i, { date: e.currentTarget.value })} w={170} />
          )}
          <SegmentedControl
            value={row.by}
            onChange={(v) => change(i, { by: v as MilestoneRow['by'] })}
            data={[
              { value: 'percent', label: '%' },
              { value: 'amount', label: '€' },
            ]}
          />
          {row.by === 'percent' ? (
            <TextInput
              label={t('paymentSchedule.percent')}
              value={row.percent}
              onChange={(e) => change(i, { percent: e.currentTarget.value })}
              inputMode="decimal"
              rightSection="%"
              w={110}
              data-testid={`schedule-percent-${i}`}
            />
          ) : (
            <MoneyInput label={t('paymentSchedule.amount')} value={row.amountCents} onChange={(cents) => change(i, { amountCents: cents })} w={150} />
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t('paymentSchedule.removeRow')} onClick={() => setRows((all) => all.filter((_, k) => k !== i))}>
            ×
          </ActionIcon>
        </Group>
      ))}
      <ErrorAlert error={save.error ?? remove.error} />
      <Group>
        <Button variant="default" onClick={() => setRows((all) => [...all, emptyRow()])} disabled={rows.length >= 12}>
          {t('paymentSchedule.addRow')}
        </Button>
        <Button onClick={() => save.mutate(bodyOf(contractKind, rows))} loading={save.isPending} data-testid="schedule-save">
          {t('paymentSchedule.save')}
        </Button>
        {schedule && (
          <Button variant="subtle" color="red" onClick={() => remove.mutate(undefined)} loading={remove.isPending}>
            {t('paymentSchedule.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
