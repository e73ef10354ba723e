import { useState } from 'react';
import { ActionIcon, Button, Card, FileInput, Group, Progress, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recordReceptionBody, type QuoteReception, type RecordReceptionBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { recordReception, uploadReservationPhoto } from '../api/reception-actions';
import { useInvalidateReception } from '../api/keys';
import { draftProblem, parisToday, PHOTO_TYPES, type DraftProblem, type ReservationDraft } from '../model/reception-form';

const SCHEMA = formSchema(recordReceptionBody);

/** A reservation being written, named as the API names its fields (`lot_index`, `description`). */
interface ReservationRow {
  key: number;
  lot_index: string | null;
  description: string;
  photo: File | null;
}

interface Values {
  reception_date: string;
  mode: 'sans' | 'avec';
  reservations: ReservationRow[];
}

const asDraft = (r: ReservationRow): ReservationDraft => ({ key: r.key, lotIndex: r.lot_index, description: r.description, photo: r.photo });

/** The field each problem of a reservation is shown on. */
const PROBLEM_FIELDS: Record<DraftProblem, keyof ReservationRow> = { lot: 'lot_index', description: 'description', photoType: 'photo', photoSize: 'photo' };

/** What is sent: the reservations only « avec réserves ». */
const toBody = (v: Values): RecordReceptionBody => ({
  reception_date: v.reception_date,
  reservations:
    v.mode === 'avec'
      ? v.reservations.map((r) => ({ lot_index: r.lot_index === null ? Number.NaN : Number(r.lot_index), description: r.description.trim() }))
      : [],
});

/**
 * The issuer records the réception (decision 0720): a date, « sans réserve » or « avec réserves »
 * with each reservation's lot, description and optional photo. The réception is recorded first,
 * then each photo is uploaded with its progress shown.
 */
export function RecordReceptionForm({ data }: { data: QuoteReception }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReception();
  const [nextKey, setNextKey] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ index: number; count: number; percent: number } | null>(null);
  const [tried, setTried] = useState(false);
  const problemText = (p: DraftProblem | null) => (p ? t(`reception.form.problems.${p}`) : undefined);
  const form = useContractForm<Values>({
    initialValues: { reception_date: parisToday(), mode: 'sans', reservations: [] },
    schema: SCHEMA,
    toBody,
    // The screen's own checks, with its words: the date, and each reservation's lot, description and photo.
    rules: (v) => {
      const found: Record<string, string | undefined> = { reception_date: v.reception_date ? undefined : t('reception.form.problems.date') };
      if (v.mode === 'avec') {
        v.reservations.forEach((r, i) => {
          const problem = draftProblem(asDraft(r));
          if (problem) found[`reservations.${i}.${PROBLEM_FIELDS[problem]}`] = problemText(problem);
        });
      }
      return found;
    },
    serverError: error,
  });
  const { reception_date: date, mode, reservations } = form.getValues();

  const add = () => {
    form.insertListItem('reservations', { key: nextKey, lot_index: null, description: '', photo: null });
    setNextKey((k) => k + 1);
  };
  const list = mode === 'avec' ? reservations : [];
  const problems = list.map((r) => draftProblem(asDraft(r)));

  const submit = form.onSubmit(async (values) => {
    if (values.mode === 'avec' && values.reservations.length === 0) return;
    setError(null);
    setBusy(true);
    try {
      const view = await recordReception(data.quote_id, toBody(values));
      const sent = values.mode === 'avec' ? values.reservations : [];
      const withPhotos = sent.map((r, i) => ({ photo: r.photo, id: view.reservations[i]?.id })).filter((r) => r.photo && r.id);
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
  });

  /** A field's props: once a send was tried, the screen's check as the user corrects it, else the form's (the API's) message. */
  const field = (path: string, live: string | undefined) => {
    const props = form.getInputProps(path);
    return { ...props, error: live ?? props.error };
  };

  return (
    <Stack gap="md" data-testid="reception-form">
      <Text size="sm">{t('reception.form.intro')}</Text>
      <TextInput
        type="date"
        label={t('reception.form.date')}
        {...field('reception_date', tried && !date ? t('reception.form.problems.date') : undefined)}
        required
        data-testid="reception-date"
        w={220}
      />
      <SegmentedControl
        value={mode}
        onChange={(v) => {
          form.setFieldValue('mode', v as 'sans' | 'avec');
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
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => form.removeListItem('reservations', i)}
                    aria-label={t('reception.form.remove', { n: i + 1 })}
                  >
                    ×
                  </ActionIcon>
                </Group>
                <Select
                  label={t('reception.form.lot')}
                  placeholder={t('reception.form.lotPlaceholder')}
                  data={data.lots.map((lot) => ({ value: String(lot.index), label: lot.title }))}
                  {...field(`reservations.${i}.lot_index`, tried && problems[i] === 'lot' ? problemText('lot') : undefined)}
                  required
                  data-testid={`reservation-lot-${i}`}
                />
                <Textarea
                  label={t('reception.form.description')}
                  {...field(`reservations.${i}.description`, tried && problems[i] === 'description' ? problemText('description') : undefined)}
                  autosize
                  minRows={2}
                  maxLength={2000}
                  required
                  data-testid={`reservation-description-${i}`}
                />
                <FileInput
                  label={t('reception.form.photo')}
                  description={t('reception.form.photoHelp')}
                  accept={PHOTO_TYPES.join(',')}
                  {...field(`reservations.${i}.photo`, problems[i] === 'photoType' || problems[i] === 'photoSize' ? problemText(problems[i]) : undefined)}
                  clearable
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
      <ErrorAlert error={form.alertError} />
      <Group>
        <Button
          onClick={() => {
            setTried(true);
            submit();
          }}
          loading={busy}
          data-testid="reception-submit"
        >
          {t('reception.form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
