import { useState } from 'react';
import { ActionIcon, Button, Card, FileInput, Group, Progress, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteReception } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { recordReception, uploadReservationPhoto } from '../api/reception-actions';
import { useInvalidateReception } from '../api/keys';
import { draftProblem, parisToday, PHOTO_TYPES, type ReservationDraft } from '../model/reception-form';

/**
 * The issuer records the réception (decision 0720): a date, « sans réserve » or « avec réserves »
 * with each reservation's lot, description and optional photo. The réception is recorded first,
 * then each photo is uploaded with its progress shown.
 */
export function RecordReceptionForm({ data }: { data: QuoteReception }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReception();
  const [date, setDate] = useState(parisToday());
  const [mode, setMode] = useState<'sans' | 'avec'>('sans');
  const [reservations, setReservations] = useState<ReservationDraft[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ index: number; count: number; percent: number } | null>(null);
  const [tried, setTried] = useState(false);

  const add = () => {
    setReservations((list) => [...list, { key: nextKey, lotIndex: null, description: '', photo: null }]);
    setNextKey((k) => k + 1);
  };
  const update = (key: number, change: Partial<ReservationDraft>) => setReservations((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const remove = (key: number) => setReservations((list) => list.filter((r) => r.key !== key));
  const list = mode === 'avec' ? reservations : [];
  const problems = list.map(draftProblem);
  const invalid = !date || problems.some(Boolean) || (mode === 'avec' && list.length === 0);

  const submit = async () => {
    setTried(true);
    if (invalid) return;
    setError(null);
    setBusy(true);
    try {
      const view = await recordReception(data.quote_id, {
        reception_date: date,
        reservations: list.map((r) => ({ lot_index: Number(r.lotIndex), description: r.description.trim() })),
      });
      const withPhotos = list.map((r, i) => ({ photo: r.photo, id: view.reservations[i]?.id })).filter((r) => r.photo && r.id);
      for (const [index, r] of withPhotos.entries()) {
        setProgress({ index: index + 1, count: withPhotos.length, percent: 0 });
        await uploadReservationPhoto(r.id!, r.photo!, (percent) => setProgress({ index: index + 1, count: withPhotos.length, percent }));
      }
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
      setBusy(false);
      await invalidate();
    }
  };

  const problemText = (p: ReturnType<typeof draftProblem>) => (p ? t(`reception.form.problems.${p}`) : undefined);

  return (
    <Stack gap="md" data-testid="reception-form">
      <Text size="sm">{t('reception.form.intro')}</Text>
      <TextInput
        type="date"
        label={t('reception.form.date')}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        required
        data-testid="reception-date"
        error={tried && !date ? t('reception.form.problems.date') : undefined}
        w={220}
      />
      <SegmentedControl
        value={mode}
        onChange={(v) => {
          setMode(v as 'sans' | 'avec');
          if (v === 'avec' && reservations.length === 0) add();
        }}
        data={[
          { value: 'sans', label: t('reception.kinds.sans_reserve') },
          { value: 'avec', label: t('reception.kinds.avec_reserves') },
        ]}
        aria-label={t('reception.form.kind')}
        data-testid="reception-kind"
        w="fit-content"
      />
      {mode === 'avec' && (
        <Stack gap="sm">
          {reservations.map((r, i) => (
            <Card withBorder key={r.key} padding="sm" data-testid={`reservation-draft-${i}`}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{t('reception.form.reservation', { n: i + 1 })}</Text>
                  <ActionIcon variant="subtle" color="red" onClick={() => remove(r.key)} aria-label={t('reception.form.remove', { n: i + 1 })}>
                    ×
                  </ActionIcon>
                </Group>
                <Select
                  label={t('reception.form.lot')}
                  placeholder={t('reception.form.lotPlaceholder')}
                  data={data.lots.map((lot) => ({ value: String(lot.index), label: lot.title }))}
                  value={r.lotIndex}
                  onChange={(v) => update(r.key, { lotIndex: v })}
                  required
                  error={tried && problems[i] === 'lot' ? problemText('lot') : undefined}
                  data-testid={`reservation-lot-${i}`}
                />
                <Textarea
                  label={t('reception.form.description')}
                  value={r.description}
                  onChange={(e) => update(r.key, { description: e.currentTarget.value })}
                  autosize
                  minRows={2}
                  maxLength={2000}
                  required
                  error={tried && problems[i] === 'description' ? problemText('description') : undefined}
                  data-testid={`reservation-description-${i}`}
                />
                <FileInput
                  label={t('reception.form.photo')}
                  description={t('reception.form.photoHelp')}
                  accept={PHOTO_TYPES.join(',')}
                  value={r.photo}
                  onChange={(file) => update(r.key, { photo: file })}
                  clearable
                  error={problems[i] === 'photoType' || problems[i] === 'photoSize' ? problemText(problems[i]) : undefined}
                  data-testid={`reservation-photo-${i}`}
                />
              </Stack>
            </Card>
          ))}
          <Button variant="light" onClick={add} w="fit-content" data-testid="reservation-add">
            {t('reception.form.add')}
          </Button>
        </Stack>
      )}
      {progress && (
        <Stack gap={4} data-testid="reception-upload-progress">
          <Text size="sm">{t('reception.form.uploading', { index: progress.index, count: progress.count })}</Text>
          <Progress value={progress.percent} aria-label={t('reception.form.uploadingLabel')} />
        </Stack>
      )}
      <ErrorAlert error={error} />
      <Group>
        <Button onClick={submit} loading={busy} data-testid="reception-submit">
          {t('reception.form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
