import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentCard } from '@ouvrage/contracts';
import { DocumentIcon, useDocumentName } from './message-reference-card';

/** The document chosen in the box, before sending: a chip naming it, with a button to take it off. */
export function ChosenReference({ document: d, onRemove }: { document: DocumentCard; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = useDocumentName()(d);
  return (
    <Paper
      withBorder
      radius="xl"
      px="sm"
      py={4}
      maw="100%"
      style={{ alignSelf: 'flex-start', minWidth: 0 }}
      data-testid="composer-reference"
      data-kind={d.kind}
      data-id={d.id}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <DocumentIcon size={16} />
        <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
          <Text span fw={700} size="sm">
            <bdi>{name}</bdi>
          </Text>{' '}
          · <bdi>{d.title}</bdi>
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('conversations.references.remove', { name })}
          onClick={onRemove}
          data-testid="composer-reference-remove"
        >
          ×
        </ActionIcon>
      </Group>
    </Paper>
  );
}
