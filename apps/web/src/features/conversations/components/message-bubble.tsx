import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageView } from '@ouvrage/contracts';
import { MESSAGE_MAX_LENGTH } from '@ouvrage/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useDeleteMessage, useEditMessage } from '../api/conversations';
import { MessageAttachments } from './message-attachments';
import { MessageReferenceCard } from './message-reference-card';
import { MessageModerationActions } from './message-moderation-actions';
import { MessageText } from './message-text';

export interface MessageBubbleProps {
  message: MessageView;
  mine: boolean;
  authorName: string;
  /** « Lu par … » under my latest message the other member has read. */
  readBy: string | null;
  /** The reader may still write here (a professional no longer in may delete, not edit). */
  canWrite: boolean;
  /** The reader is a member who may report the other's messages (decision 1230 « Reports and moderation »). */
  canReport?: boolean;
  /** The reader is the admin moderating this reported conversation: he sees hidden messages, hides and shows them. */
  moderator?: boolean;
}

/** One message: mine on the end side, the other's on the start side; its author may edit (5 minutes) or delete it. */
export function MessageBubble({ message: m, mine, authorName, readBy, canWrite, canReport = false, moderator = false }: MessageBubbleProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(m.body);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useEditMessage(m.conversation_id);
  const remove = useDeleteMessage(m.conversation_id);
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-testid="message" data-mine={mine ? 'true' : 'false'} data-message-id={m.id}>
      <Paper
        withBorder
        radius="md"
        px="sm"
        py={6}
        maw="min(88%, 640px)"
        bg={mine ? 'var(--mantine-color-ouvrage-0, #e7f0fa)' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {!mine && (
          <Text size="xs" fw={700} c="dimmed">
            <bdi>{authorName}</bdi>
          </Text>
        )}
        {m.deleted ? (
          <Text size="sm" fs="italic" c="dimmed" data-testid="message-deleted">
            {t('conversations.deleted')}
          </Text>
        ) : m.hidden && !moderator ? (
          <Text size="sm" fs="italic" c="dimmed" data-testid="message-hidden">
            {t('conversations.hidden')}
          </Text>
        ) : editing ? (
          <Stack gap={6}>
            <Textarea
              aria-label={t('conversations.edit')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={MESSAGE_MAX_LENGTH}
              dir="auto"
              data-testid="message-edit-input"
            />
            <ErrorAlert error={edit.error} />
            <Group gap="xs" justify="flex-end">
              <Button size="compact-sm" variant="default" onClick={() => setEditing(false)}>
                {t('conversations.cancel')}
              </Button>
              <Button
                size="compact-sm"
                loading={edit.isPending}
                disabled={!draft.trim()}
                onClick={() => edit.mutate({ id: m.id, body: draft }, { onSuccess: () => setEditing(false) })}
                data-testid="message-edit-save"
              >
                {t('conversations.save')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            {m.hidden && (
              <Badge color="orange" variant="light" size="xs" data-testid="message-hidden-badge">
                {t('conversations.moderation.hiddenBadge')}
              </Badge>
            )}
            {m.body && (
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-testid="message-body">
                <MessageText body={m.body} />
              </Text>
            )}
            <MessageAttachments files={m.attachments} />
            {m.reference && <MessageReferenceCard reference={m.reference} />}
          </>
        )}
      </Paper>
      <Group gap={6} wrap="wrap" justify={mine ? 'flex-end' : 'flex-start'}>
        <Text size="xs" c="dimmed">
          {formatDateTime(m.created_at)}
          {m.edited_at && !m.deleted ? ` · ${t('conversations.edited')}` : ''}
        </Text>
        {readBy && (
          <Text size="xs" c="teal.8" data-testid="message-read-by">
            {t('conversations.readBy', { name: readBy })}
          </Text>
        )}
        {mine && !m.deleted && !editing && (
          <>
            {m.can_edit && canWrite && (
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => {
                  setDraft(m.body);
                  setEditing(true);
                }}
                data-testid="message-edit"
              >
                {t('conversations.edit')}
              </Button>
            )}
            <Button variant="subtle" color="red" size="compact-xs" onClick={() => setConfirmDelete(true)} data-testid="message-delete">
              {t('conversations.delete')}
            </Button>
          </>
        )}
        {!editing && <MessageModerationActions message={m} mine={mine} canReport={canReport} moderator={moderator} />}
      </Group>
      <ConfirmModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('conversations.deleteTitle')}
        confirmLabel={t('conversations.delete')}
        onConfirm={() => remove.mutate(m.id, { onSuccess: () => setConfirmDelete(false) })}
        pending={remove.isPending}
        error={remove.error}
        confirmTestId="message-delete-confirm"
      >
        {t('conversations.deleteText')}
      </ConfirmModal>
    </Stack>
  );
}
