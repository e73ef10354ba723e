import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentSigner } from '@ouvrage/contracts';
import { formatDate } from '../../../lib/format';
import { WHOLE } from './document-badges';

/** A contract's signers, each with where they are (waiting, or signed on a date). */
export function DocumentSigners({ signers }: { signers: DocumentSigner[] }) {
  const { t } = useTranslation();
  if (signers.length === 0) return null;
  return (
    <Stack gap={2} data-testid="document-signers">
      {signers.map((s) => (
        <Group key={s.email} gap={6} wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {s.name} <Text span c="dimmed" size="xs" dir="ltr">{`<${s.email}>`}</Text>
          </Text>
          <Badge size="xs" variant="dot" color={s.status === 'signed' ? 'green' : 'orange'} styles={WHOLE}>
            {s.status === 'signed' ? t('documents.signer.signedOn', { date: formatDate(s.signed_at) }) : t('documents.signer.pending')}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
