import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SealedRecord } from '@ouvrage/contracts';
import { formatDateTime } from '../../../lib/format';

/** What the platform recorded of a document it sealed: its title and who signed when (decision 0635). */
export function SealedRecordBlock({ record }: { record: SealedRecord }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="sealed-record">
      <Text size="sm" fw={600}>
        {t('sealVerification.document', { title: record.title })}
      </Text>
      <Text size="sm">{t('sealVerification.signers')}</Text>
      <List size="sm" spacing={2}>
        {record.signers.map((s, i) => (
          <List.Item key={i}>{s.signed_at ? t('sealVerification.signerAt', { name: s.name, date: formatDateTime(s.signed_at) }) : s.name}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
