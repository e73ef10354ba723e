import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_LINK_ERRORS } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';

/** The translation key of a failure to show the document: an expired link says so and what to do. */
export function viewerErrorKey(error: unknown): string {
  if (error === 'missing') return 'pdfViewer.errors.missing';
  if (error === 'unreadable') return 'pdfViewer.errors.unreadable';
  if (error instanceof ApiError) {
    if (error.code === DOCUMENT_LINK_ERRORS.expired) return 'pdfViewer.errors.expired';
    if (error.code === DOCUMENT_LINK_ERRORS.invalid || error.code === 'VALIDATION' || error.code === 'URI_TOO_LONG') return 'pdfViewer.errors.invalid';
    if (error.status === 404) return 'pdfViewer.errors.notFound';
    if (error.code === 'NETWORK') return 'pdfViewer.errors.network';
  }
  return 'pdfViewer.errors.generic';
}

export function ViewerError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const key = viewerErrorKey(error);
  const retryable = key === 'pdfViewer.errors.network' || key === 'pdfViewer.errors.generic';
  return (
    <Stack maw={560} mx="auto" mt="xl" p="md">
      <Alert color="red" title={t('pdfViewer.errors.title')} role="alert" data-testid="pdf-error">
        {t(key)}
      </Alert>
      {retryable && onRetry ? (
        <Button variant="default" onClick={onRetry}>
          {t('pdfViewer.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
