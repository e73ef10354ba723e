import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceptionView, ReservationView } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/format';
import { useInvalidateReception } from '../api/keys';
import { liftReservation } from '../api/reception-actions';
import { useDownload } from '../../../lib/download';
import { receptionPvFile } from '../api/reception-files';
import { ltr } from '../model/isolate';
import { parisToday } from '../model/reception-form';
import { ChooseJournalPhoto, ReservationJournalPhoto } from './reservation-journal-photo';
import { RetentionPanel } from './retention-panel';

/** Run an action with a busy flag and a visible error. */
function useAction() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

function LiftModal({ reservation, onClose }: { reservation: ReservationView; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReception();
  const [date, setDate] = useState(parisToday());
  const { error, busy, run } = useAction();
  return (
    <Modal opened onClose={onClose} title={t('reception.lift.title', { n: reservation.position + 1 })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <bdi>{reservation.lot_title}</bdi> — <bdi>{reservation.description}</bdi>
        </Text>
        <TextInput
          type="date"
          label={t('reception.lift.date')}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          required
          data-testid="lift-date"
        />
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            data-testid="lift-confirm"
            onClick={() =>
              run(async () => {
                await liftReservation(reservation.id, { lifted_on: date });
                await invalidate();
                onClose();
              })
            }
          >
            {t('reception.lift.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PhotoLink({ url, n }: { url: string; n: number }) {
  const { t } = useTranslation();
  const photo = useDownload();
  return (
    <Stack gap={2} align="flex-start">
      <Anchor component="button" type="button" size="sm" disabled={photo.pending} onClick={() => void photo.open({ path: url })}>
        {t('reception.reservations.photo', { n })}
      </Anchor>
      <ErrorAlert error={photo.error} />
    </Stack>
  );
}

/** A recorded réception: date, kind, PV (download, « Signer le procès-verbal »), reservations, retenue. */
export function ReceptionCard({ reception }: { reception: ReceptionView }) {
  const { t } = useTranslation();
  const [lifting, setLifting] = useState<ReservationView | null>(null);
  const pv = useDownload();
  const signed = reception.status === 'Signée';
  return (
    <Stack gap="md" data-testid="reception-card">
      <Group gap="sm">
        <Badge color={reception.kind === 'sans_reserve' ? 'green' : 'orange'} variant="light" size="lg" data-testid="reception-kind-badge">
          {t(`reception.kinds.${reception.kind}`)}
        </Badge>
        <Badge color={signed ? 'green' : 'yellow'} variant="light" size="lg" data-testid="reception-status">
          {t(`reception.statuses.${signed ? 'signed' : 'toSign'}`)}
        </Badge>
      </Group>
      <Text data-testid="reception-date-text">{t('reception.card.date', { date: ltr(formatDate(reception.reception_date)) })}</Text>
      <Group gap="sm">
        <Button
          variant="default"
          loading={pv.pending}
          onClick={() => void pv.download(receptionPvFile(reception.id, reception.quote_label))}
          data-testid="reception-pv"
        >
          {signed ? t('reception.card.signedPv') : t('reception.card.pv')}
        </Button>
        {reception.can_sign && (
          <Button component={Link} to={`/devis/${reception.quote_id}/reception/signer`} data-testid="reception-sign">
            {t('reception.card.sign')}
          </Button>
        )}
      </Group>
      {!signed && !reception.can_sign && (
        <Text size="sm" c="dimmed">
          {t('reception.card.waitingSignature', { client: reception.client_name })}
        </Text>
      )}
      <ErrorAlert error={pv.error} />
      {reception.reservations.length > 0 && (
        <Stack gap="xs">
          <Text fw={600}>{t('reception.reservations.title', { count: reception.reservations.length, open: reception.open_reservations })}</Text>
          <Table.ScrollContainer minWidth={520}>
            <Table data-testid="reservations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reception.reservations.lot')}</Table.Th>
                  <Table.Th>{t('reception.reservations.description')}</Table.Th>
                  <Table.Th>{t('reception.reservations.state')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reception.reservations.map((r) => (
                  <Table.Tr key={r.id} data-testid={`reservation-${r.position}`}>
                    <Table.Td>
                      <bdi>{r.lot_title}</bdi>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Stack gap={2}>
                        <Text size="sm" dir="auto">
                          {r.description}
                        </Text>
                        {r.photo_url && <PhotoLink url={r.photo_url} n={r.position + 1} />}
                        <ReservationJournalPhoto reception={reception} reservation={r} />
                        {/* Until the PV is signed (the API refuses once it is out for signature, with its reason). */}
                        {reception.can_manage && !signed && <ChooseJournalPhoto reception={reception} reservation={r} />}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {r.lifted_on ? (
                        <Badge color="green" variant="light">
                          {t('reception.reservations.lifted', { date: ltr(formatDate(r.lifted_on)) })}
                        </Badge>
                      ) : (
                        <Badge color="orange" variant="light">
                          {t('reception.reservations.open')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="end">
                      {reception.can_manage && signed && !r.lifted_on && (
                        <Button size="compact-sm" variant="light" onClick={() => setLifting(r)} data-testid={`reservation-lift-${r.position}`}>
                          {t('reception.reservations.lift')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <RetentionPanel reception={reception} />
      {lifting && <LiftModal reservation={lifting} onClose={() => setLifting(null)} />}
    </Stack>
  );
}
