import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DGD_NOTE_MAX, DGD_PENALTY_LABEL_MAX, MAX_DGD_PENALTIES } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { establishDgd, useInvalidateDgd } from '../api/dgd';
import { penaltiesBody, type PenaltyRow } from '../model/penalties';

/** The architect establishes the DGD: penalties deducted (optional) and a note; the API computes and freezes the rest. */
export function EstablishDgdForm({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateDgd();
  const [rows, setRows] = useState<PenaltyRow[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setRow = (index: number, patch: Partial<PenaltyRow>) => setRows((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const submit = async () => {
    setError(null);
    setAmountError(null);
    const read = penaltiesBody(rows);
    if (!read.ok) {
      setAmountError(t(`errors.${read.refusal.code}`, read.refusal.params));
      return;
    }
    setBusy(true);
    try {
      await establishDgd(quoteId, { penalties: read.penalties, note });
      setRows([]);
      setNote('');
      await invalidate();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="dgd-establish-form">
      <Text size="sm">{t('dgd.establishIntro')}</Text>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('dgd.penaltyLabel')}
            value={row.label}
            maxLength={DGD_PENALTY_LABEL_MAX}
            onChange={(e) => setRow(index, { label: e.currentTarget.value })}
            data-testid={`dgd-penalty-label-${index}`}
            style={{ flex: 1, minWidth: 200 }}
          />
          <TextInput
            label={t('dgd.penaltyAmount')}
            value={row.amount}
            inputMode="decimal"
            onChange={(e) => setRow(index, { amount: e.currentTarget.value })}
            data-testid={`dgd-penalty-amount-${index}`}
            w={140}
          />
          <Button variant="subtle" color="red" size="xs" onClick={() => setRows((list) => list.filter((_, i) => i !== index))}>
            {t('dgd.removePenalty')}
          </Button>
        </Group>
      ))}
      {amountError && (
        <Text c="red" size="sm" role="alert">
          {amountError}
        </Text>
      )}
      {rows.length < MAX_DGD_PENALTIES && (
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          onClick={() => setRows((list) => [...list, { label: '', amount: '' }])}
          data-testid="dgd-add-penalty"
        >
          {t('dgd.addPenalty')}
        </Button>
      )}
      <Textarea label={t('dgd.note')} value={note} maxLength={DGD_NOTE_MAX} autosize minRows={2} onChange={(e) => setNote(e.currentTarget.value)} />
      <ErrorAlert error={error} />
      <Button w="fit-content" onClick={() => void submit()} loading={busy} data-testid="dgd-establish">
        {t('dgd.establish')}
      </Button>
    </Stack>
  );
}
