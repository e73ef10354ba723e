import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReceptionView, ReservationView } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { CitedEntryLink, JournalEntryPicker, JournalPhotos } from '../../site-log';
import { useInvalidateReception } from '../api/keys';
import { citeJournalPhoto } from '../api/reception-actions';

/** The journal entry a reservation cites as its photo (decision 1232): « Photo : journal de chantier, entrée n° 3 du … » and its photos. */
export function ReservationJournalPhoto({ reception, reservation }: { reception: ReceptionView; reservation: ReservationView }) {
  const { t } = useTranslation();
  const cited = reservation.journal_photo;
  if (!cited) return null;
  return (
    <Stack gap={4} data-testid={`reservation-journal-photo-${reservation.position}`}>
      <Group gap={4} wrap="wrap" align="baseline">
        <Text size="sm">{t('reception.reservations.journalPhoto')}</Text>
        <CitedEntryLink projectId={reception.project_id} entry={cited} />
      </Group>
      <JournalPhotos photos={cited.photos} entryNumber={cited.number} />
    </Stack>
  );
}

/** « Photo du journal »: the issuer picks an entry of the project with photos instead of uploading one, until the PV goes out for signature. */
export function ChooseJournalPhoto({ reception, reservation }: { reception: ReceptionView; reservation: ReservationView }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReception();
  const [open, setOpen] = useState(false);
  const [entryId, setEntryId] = useState<number | null>(reservation.journal_photo?.entry_id ?? null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const n = reservation.position + 1;
  const save = async () => {
    if (entryId === null) return;
    setError(null);
    setBusy(true);
    try {
      await citeJournalPhoto(reservation.id, entryId);
      await invalidate();
      setOpen(false);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)} data-testid={`reservation-journal-choose-${reservation.position}`}>
        {t('reception.journalPhoto.open')}
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={t('reception.journalPhoto.title', { n })} closeButtonProps={{ 'aria-label': t('common.close') }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('reception.journalPhoto.help')}
            </Text>
            <JournalEntryPicker
              projectId={reception.project_id}
              withPhotos
              label={t('reception.journalPhoto.entry')}
              value={entryId}
              onChange={setEntryId}
              data-testid="reservation-journal-entry"
            />
            <ErrorAlert error={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button loading={busy} disabled={entryId === null} onClick={() => void save()} data-testid="reservation-journal-confirm">
                {t('reception.journalPhoto.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
