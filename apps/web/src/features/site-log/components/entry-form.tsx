import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, CloseButton, Group, Progress, Stack, Switch, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SiteLogEntryDetail } from '@ouvrage/contracts';
import { SITE_LOG_LIMITS } from '@ouvrage/domain';
import { DateField } from '../../../components/ui/date-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';
import { useWriteEntry } from '../api/site-log';
import { addPhotos, entryErrors, type EntryDraft } from '../model/entry-form';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const PREVIEW = 80;

/** The photos chosen, each with a preview (a local blob URL, revoked when the list changes) and « retirer ». */
function PhotoPreviews({ photos, onRemove }: { photos: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p)), [photos]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  if (photos.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="site-log-form-previews">
      {photos.map((photo, index) => (
        <div key={`${photo.name}-${index}`} style={{ position: 'relative', width: PREVIEW, height: PREVIEW }}>
          <img
            src={urls[index]}
            alt={photo.name}
            width={PREVIEW}
            height={PREVIEW}
            style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
          />
          <CloseButton
            size="md"
            variant="filled"
            radius="xl"
            aria-label={t('siteLog.form.removePhoto', { name: photo.name })}
            onClick={() => onRemove(index)}
            style={{ position: 'absolute', top: 2, insetInlineEnd: 2 }}
            data-testid={`site-log-form-remove-photo-${index}`}
          />
        </div>
      ))}
    </Group>
  );
}

export interface EntryFormProps {
  projectId: number;
  /** What the form starts with: an empty entry, or a correction (`corrects_entry_id` and the old entry's values). */
  initial: EntryDraft;
  /** The number of the entry corrected, shown in the title. */
  correctsNumber?: number;
  onSaved: (entry: SiteLogEntryDetail) => void;
  onCancel: () => void;
}

/**
 * « Nouvelle entrée » and « Corriger »: the day of the works, the text, the lot, a weather
 * stoppage with its note, photos taken with the phone's camera (previews, one removed before
 * sending). A refusal keeps everything typed and says what is wrong next to its field, in the
 * reader's language.
 */
export function EntryForm({ projectId, initial, correctsNumber, onSaved, onCancel }: EntryFormProps) {
  const { t, i18n } = useTranslation();
  const write = useWriteEntry(projectId);
  const [draft, setDraft] = useState<EntryDraft>(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const set = <K extends keyof EntryDraft>(name: K, value: EntryDraft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const { fields, general } = entryErrors(write.error, i18n);
  const correcting = draft.corrects_entry_id !== null && correctsNumber !== undefined;
  const number = correctsNumber === undefined ? '' : ltr(formatNumber(correctsNumber));

  const submit = () => {
    setProgress(draft.photos.length > 0 ? 0 : null);
    write.mutate(
      { draft, onProgress: draft.photos.length > 0 ? setProgress : undefined },
      {
        onSuccess: (entry) => onSaved(entry),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="site-log-form"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {correcting ? t('siteLog.form.titleCorrection', { number }) : t('siteLog.form.titleNew')}
        </Title>
        {correcting && (
          <Alert color="orange" variant="light" data-testid="site-log-form-correcting">
            {t('siteLog.form.correctionHint', { number })}
          </Alert>
        )}
        {fields.corrects_entry_id && (
          <Text c="red" size="sm" role="alert">
            {fields.corrects_entry_id}
          </Text>
        )}
        <DateField
          label={t('siteLog.form.workDate')}
          value={draft.work_date}
          onChange={(v) => set('work_date', v)}
          error={fields.work_date}
          required
          clearable={false}
          data-testid="site-log-form-date"
        />
        <Textarea
          label={t('siteLog.form.body')}
          placeholder={t('siteLog.form.bodyPlaceholder')}
          value={draft.body}
          onChange={(e) => set('body', e.currentTarget.value)}
          error={fields.body}
          required
          autosize
          minRows={4}
          maxLength={SITE_LOG_LIMITS.body}
          dir="auto"
          data-testid="site-log-form-body"
        />
        <TextInput
          label={t('siteLog.form.lot')}
          placeholder={t('siteLog.form.lotPlaceholder')}
          value={draft.lot_label}
          onChange={(e) => set('lot_label', e.currentTarget.value)}
          error={fields.lot_label}
          maxLength={SITE_LOG_LIMITS.lotLabel}
          dir="auto"
          data-testid="site-log-form-lot"
        />
        <Switch
          label={t('siteLog.form.weatherStop')}
          checked={draft.weather_stop}
          onChange={(e) => set('weather_stop', e.currentTarget.checked)}
          size="md"
          data-testid="site-log-form-weather"
        />
        {(draft.weather_stop || fields.weather_note) && (
          <Textarea
            label={t('siteLog.form.weatherNote')}
            value={draft.weather_note}
            onChange={(e) => set('weather_note', e.currentTarget.value)}
            error={fields.weather_note}
            autosize
            minRows={2}
            maxLength={SITE_LOG_LIMITS.weatherNote}
            dir="auto"
            data-testid="site-log-form-weather-note"
          />
        )}
        <Stack gap={6}>
          <Group gap="sm" wrap="wrap" align="center">
            <Button
              component="label"
              variant="default"
              w={{ base: '100%', sm: 'auto' }}
              disabled={draft.photos.length >= SITE_LOG_LIMITS.photos}
              data-testid="site-log-form-photos-button"
            >
              {t('siteLog.form.photos')}
              <VisuallyHidden>
                <input
                  type="file"
                  accept={ACCEPT}
                  capture="environment"
                  multiple
                  disabled={draft.photos.length >= SITE_LOG_LIMITS.photos}
                  onChange={(e) => {
                    const chosen = e.currentTarget.files ? [...e.currentTarget.files] : [];
                    e.currentTarget.value = '';
                    if (chosen.length > 0) setDraft((d) => ({ ...d, photos: addPhotos(d.photos, chosen) }));
                  }}
                  data-testid="site-log-form-photos"
                />
              </VisuallyHidden>
            </Button>
            <Text size="xs" c="dimmed">
              {t('siteLog.form.photoCount', { count: draft.photos.length, max: SITE_LOG_LIMITS.photos })} · {t('siteLog.form.photosHint')}
            </Text>
          </Group>
          <PhotoPreviews
            photos={draft.photos}
            onRemove={(index) =>
              set(
                'photos',
                draft.photos.filter((_, i) => i !== index),
              )
            }
          />
          {fields.photos && (
            <Text c="red" size="sm" role="alert" data-testid="site-log-form-photos-error">
              {fields.photos}
            </Text>
          )}
        </Stack>
        {progress !== null && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('siteLog.form.sending', { percent: ltr(formatNumber(progress)) })}
            </Text>
            <Progress value={progress} size="sm" aria-hidden />
          </Stack>
        )}
        <ErrorAlert error={general} />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={write.isPending} w={{ base: '100%', sm: 'auto' }} data-testid="site-log-form-submit">
            {correcting ? t('siteLog.form.submitCorrection') : t('siteLog.form.submit')}
          </Button>
          <Button variant="subtle" onClick={onCancel} w={{ base: '100%', sm: 'auto' }} disabled={write.isPending}>
            {t('siteLog.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
