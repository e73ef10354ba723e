import { useState } from 'react';
import { Alert, Anchor, Group, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { CitedEntry } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatNumber } from '../../../lib/format';
import { useEntryDetail } from '../api/site-log';
import { EntryCard } from './entry-card';

/** The entry in a dialog, read when opened: its card as on the project page (photos, comments). */
function EntryDialog({ projectId, entry, onClose }: { projectId: number; entry: CitedEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const detail = useEntryDetail(projectId, entry.entry_id, true);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t('siteLog.citations.dialogTitle', { number: ltr(formatNumber(entry.number)), date: ltr(formatDate(entry.work_date)) })}
      closeButtonProps={{ 'aria-label': t('siteLog.form.cancel') }}
      data-testid="site-log-cited-entry"
    >
      {detail.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : detail.data ? (
        <EntryCard entry={detail.data} projectId={projectId} component="div" />
      ) : (
        <>
          <Alert color="gray" variant="light">
            {t('siteLog.citations.unavailable')}
          </Alert>
          <ErrorAlert error={detail.error} />
        </>
      )}
    </Modal>
  );
}

/**
 * « entrée n° 3 du 12/11/2026 » as a link opening the entry where it is cited — the invoice's
 * justification, a reservation's photo (decision 1232).
 */
export function CitedEntryLink({ projectId, entry }: { projectId: number; entry: CitedEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" underline="always" onClick={() => setOpen(true)} data-testid={`cited-entry-${entry.number}`}>
        {t('siteLog.citations.entry', { number: ltr(formatNumber(entry.number)), date: ltr(formatDate(entry.work_date)) })}
      </Anchor>
      {open && <EntryDialog projectId={projectId} entry={entry} onClose={() => setOpen(false)} />}
    </>
  );
}
