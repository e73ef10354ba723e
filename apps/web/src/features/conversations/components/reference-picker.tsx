import { useState } from 'react';
import { ActionIcon, Loader, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { DocumentCard } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useConversationDocuments } from '../api/conversation-documents';
import { DocumentFacts, DocumentIcon } from './message-reference-card';

/**
 * « Joindre un document du projet » (decision 1230 « References »): the project's quotes, invoices
 * and avenants the writer may point to, newest first, in a modal (full screen on a phone); the one
 * chosen goes back to the box as a chip. Read when opened, so the statuses are today's.
 */
export function ReferencePicker({ conversationId, onPick }: { conversationId: number; onPick: (document: DocumentCard) => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [opened, setOpened] = useState(false);
  const documents = useConversationDocuments(conversationId, opened);
  const items = documents.data?.items ?? [];
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('conversations.references.attach')}
        title={t('conversations.references.attach')}
        onClick={() => setOpened(true)}
        data-testid="message-reference-pick"
      >
        <DocumentIcon />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('conversations.references.attach')}
        size="lg"
        fullScreen={phone}
        data-testid="reference-picker"
      >
        {documents.isPending ? (
          <Loader size="sm" aria-label={t('conversations.references.loading')} />
        ) : documents.error ? (
          <ErrorAlert error={documents.error} />
        ) : items.length === 0 ? (
          <Text c="dimmed" data-testid="reference-none">
            {t('conversations.references.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('conversations.references.list')}>
            {items.map((d) => (
              <li key={`${d.kind}-${d.id}`}>
                <UnstyledButton
                  display="block"
                  w="100%"
                  onClick={() => {
                    onPick(d);
                    setOpened(false);
                  }}
                  data-testid="reference-option"
                  data-kind={d.kind}
                  data-id={d.id}
                >
                  <Paper withBorder radius="sm" p="xs">
                    <DocumentFacts document={d} />
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}
