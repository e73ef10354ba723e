import { useState } from 'react';
import { Button, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentKind } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { createDocumentLink } from '../api/create-link';

/**
 * « Voir »: asks the API for a signed link to the document and opens the viewer in a new tab. The
 * tab is opened at the click (a phone's browser blocks one opened after the answer) and then sent
 * to the link.
 */
export function ViewDocumentButton({ kind, id }: { kind: DocumentKind; id: number }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  return (
    <Stack gap={4}>
      <Tooltip label={t('pdfViewer.viewHint')}>
        <Button
          variant="default"
          loading={loading}
          data-testid="view-document"
          onClick={async () => {
            setError(null);
            setLoading(true);
            const tab = window.open('', '_blank');
            try {
              const link = await createDocumentLink(kind, id);
              if (tab) {
                tab.opener = null;
                tab.location.href = link.url;
              } else window.location.assign(link.url);
            } catch (e) {
              tab?.close();
              setError(e);
            } finally {
              setLoading(false);
            }
          }}
        >
          {t('pdfViewer.view')}
        </Button>
      </Tooltip>
      <ErrorAlert error={error} />
    </Stack>
  );
}
