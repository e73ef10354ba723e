import { useRef, useState } from 'react';
import type { DocumentCard } from '@ouvrage/contracts';
import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MESSAGE_ATTACHMENT_LIMITS, MESSAGE_MAX_LENGTH } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useSendMessage } from '../api/conversations';
import { FileSize, PaperclipIcon } from './message-attachments';
import { ChosenReference } from './chosen-reference';
import { ReferencePicker } from './reference-picker';

/** What the file picker offers; the server recognises the kind from the bytes anyway. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
const MAX_MB = MESSAGE_ATTACHMENT_LIMITS.bytes / (1024 * 1024);

/**
 * Write a message: Enter sends, Shift+Enter goes to the line; the paperclip adds files (5 at most),
 * listed with a button to remove each before sending. What is typed and chosen stays until the
 * server took it (a refusal — too fast, a file refused — keeps both to send again).
 */
export function MessageComposer({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A document of the project shown as a card (decision 1230 « References »).
  const [reference, setReference] = useState<DocumentCard | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = useSendMessage(conversationId);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const tooMany = files.length > MESSAGE_ATTACHMENT_LIMITS.files;
  const tooLarge = files.find((f) => f.size > MESSAGE_ATTACHMENT_LIMITS.bytes);
  const empty = !text.trim() && files.length === 0 && !reference;
  const blocked = empty || tooLong || tooMany || Boolean(tooLarge);
  const submit = () => {
    if (blocked || send.isPending) return;
    send.mutate(
      { body: text, files, reference: reference && { kind: reference.kind, id: reference.id } },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setReference(null);
        },
      },
    );
  };
  return (
    <Stack gap={6} component="form" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="message-composer">
      <ErrorAlert error={send.error} />
      <Textarea
        label={t('conversations.label')}
        placeholder={t('conversations.placeholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        autosize
        minRows={2}
        maxRows={8}
        dir="auto"
        error={tooLong ? t('conversations.tooLong', { max: MESSAGE_MAX_LENGTH }) : undefined}
        data-testid="message-input"
      />
      {files.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('conversations.attachments')} data-testid="composer-files">
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap" data-testid="composer-file">
              <Text size="sm" truncate="end" style={{ minWidth: 0 }} c={file.size > MESSAGE_ATTACHMENT_LIMITS.bytes ? 'red' : undefined}>
                <bdi>{file.name}</bdi>
              </Text>
              <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
                <FileSize bytes={file.size} />
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('conversations.removeFile', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                data-testid="composer-file-remove"
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {reference && <ChosenReference document={reference} onRemove={() => setReference(null)} />}
      {(tooMany || tooLarge) && (
        <Text size="xs" c="red" role="alert">
          {tooMany
            ? t('conversations.tooManyFiles', { max: MESSAGE_ATTACHMENT_LIMITS.files })
            : t('conversations.fileTooLarge', { name: tooLarge!.name, mb: MAX_MB })}
        </Text>
      )}
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <input
            ref={input}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            multiple
            hidden
            onChange={(e) => {
              const chosen = Array.from(e.currentTarget.files ?? []);
              setFiles((current) => [...current, ...chosen]);
              e.currentTarget.value = '';
            }}
            data-testid="message-file-input"
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('conversations.attach')}
            title={t('conversations.attachHint', { max: MESSAGE_ATTACHMENT_LIMITS.files, mb: MAX_MB })}
            onClick={() => input.current?.click()}
            data-testid="message-attach"
          >
            <PaperclipIcon />
          </ActionIcon>
          <ReferencePicker conversationId={conversationId} onPick={setReference} />
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
            {text.length > MESSAGE_MAX_LENGTH * 0.8 ? t('conversations.counter', { count: text.length, max: MESSAGE_MAX_LENGTH }) : ''}
          </Text>
        </Group>
        <Button type="submit" loading={send.isPending} disabled={blocked} data-testid="message-send">
          {t('conversations.send')}
        </Button>
      </Group>
    </Stack>
  );
}
