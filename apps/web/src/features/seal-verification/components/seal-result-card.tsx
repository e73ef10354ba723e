import { Alert, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SealVerificationResult } from '@ouvrage/contracts';
import { formatDateTime } from '../../../lib/format';
import { SealedRecordBlock } from './sealed-record';

const COLOURS = { sealed: 'green', modified: 'red', 'not-ours': 'gray' } as const;

/** The verdict on an uploaded PDF (decision 0633): green sealed and unchanged, red modified, grey not ours. */
export function SealResultCard({ result, fileName }: { result: SealVerificationResult; fileName?: string }) {
  const { t } = useTranslation();
  const signed = result.signed_at ? formatDateTime(result.signed_at) : '';
  return (
    <Alert
      color={COLOURS[result.verdict]}
      variant="light"
      role="status"
      data-verdict={result.verdict}
      title={t(`sealVerification.verdict.${result.verdict}`, { date: signed })}
    >
      <Stack gap={6}>
        {fileName ? <Text size="sm">{t('sealVerification.file', { name: fileName })}</Text> : null}
        {result.verdict !== 'not-ours' && signed ? <Text size="sm">{t('sealVerification.sealedAt', { date: signed })}</Text> : null}
        {result.certificate_name ? <Text size="sm">{t('sealVerification.certificate', { name: result.certificate_name })}</Text> : null}
        {result.verdict !== 'not-ours' && result.reason ? <Text size="sm">{t('sealVerification.reason', { reason: result.reason })}</Text> : null}
        {result.record ? <SealedRecordBlock record={result.record} /> : null}
        <Text size="sm">{t('sealVerification.sha256')}</Text>
        <Code block dir="ltr" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {result.sha256}
        </Code>
      </Stack>
    </Alert>
  );
}
