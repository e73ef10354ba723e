import { useState } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ViewDocumentButton } from '../../pdf-viewer';
import { downloadFile } from '../../../lib/download';
import { sendForSignature, useInvalidateDocuments } from '../api/documents';

function fileNameOf(doc: DocumentItem, signed: boolean): string {
  const base = (doc.file_name ?? doc.title).replace(/\.pdf$/i, '');
  if (doc.kind === 'project-file') return doc.file_name ?? doc.title;
  return `${base.replace(/[\\/:*?"<>|]+/g, '-')}${signed ? ' (signé)' : ''}.pdf`;
}

/** Download, « Voir » in the viewer, the quote's page, and for a draft contract « Envoyer pour signature ». */
export function DocumentActions({ doc }: { doc: DocumentItem }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateDocuments();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const run = (name: string, action: () => Promise<unknown>) => async () => {
    setError(null);
    setBusy(name);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  const signed = doc.status === 'signed';
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        {doc.actions.view && <ViewDocumentButton kind={doc.actions.view.kind} id={doc.actions.view.id} />}
        {doc.actions.download && (
          <Button
            variant="default"
            loading={busy === 'download'}
            onClick={run('download', () => downloadFile({ path: doc.actions.download!, name: fileNameOf(doc, signed && doc.kind !== 'project-file') }))}
            data-testid="document-download"
          >
            {signed ? t('documents.actions.downloadSigned') : t('documents.actions.download')}
          </Button>
        )}
        {doc.actions.original && (
          <Button
            variant="subtle"
            loading={busy === 'original'}
            onClick={run('original', () => downloadFile({ path: doc.actions.original!, name: fileNameOf(doc, false) }))}
            data-testid="document-original"
          >
            {t('documents.actions.original')}
          </Button>
        )}
        {doc.actions.send && (
          <Button
            loading={busy === 'send'}
            onClick={run('send', async () => {
              await sendForSignature(doc.id);
              await invalidate();
            })}
            data-testid="document-send"
          >
            {t('documents.actions.send')}
          </Button>
        )}
        {doc.actions.open && (
          <Anchor component={Link} to={doc.actions.open} size="sm">
            {t('documents.actions.open')}
          </Anchor>
        )}
      </Group>
      <ErrorAlert error={error} />
    </Stack>
  );
}
