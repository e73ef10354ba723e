import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { siteLogFilePaths } from '@ouvrage/contracts';
import { sanitizeLanguageCode } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDownload } from '../../../lib/download';

/**
 * « Exporter en PDF » (decision 1231): the whole journal, dated, for the file of the works, in the
 * language on screen (the server's name for the file). A refusal shows under the button.
 */
export function ExportPdfButton({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { download, pending, error } = useDownload();
  const language = sanitizeLanguageCode(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Stack gap="xs" w={{ base: '100%', sm: 'auto' }}>
      <Button
        variant="default"
        loading={pending}
        onClick={() => void download({ path: siteLogFilePaths.journalPdf(projectId, language) })}
        w={{ base: '100%', sm: 'auto' }}
        data-testid="site-log-export-pdf"
      >
        {t('siteLog.exportPdf')}
      </Button>
      <ErrorAlert error={error} />
    </Stack>
  );
}
