import { useState } from 'react';
import { Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { conversationFilePaths, type MessageAttachment } from '@ouvrage/contracts';
import { DownloadButton } from '../../../components/ui/download-button';
import { FullPhoto, PhotoThumbnail } from '../../../components/ui/protected-photo';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** The paperclip of the message box. */
export function PaperclipIcon({ size = 18 }: { size?: number }) {
  return (
    <svg aria-hidden width={size} height={size} viewBox="0 0 24 24" {...stroke}>
      <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
    </svg>
  );
}

/** A document, before a PDF's name. */
function FileIcon({ size = 16 }: { size?: number }) {
  return (
    <svg aria-hidden width={size} height={size} viewBox="0 0 24 24" {...stroke} style={{ flex: '0 0 auto' }}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
    </svg>
  );
}

/** A file's size in the reader's language: « 120 Ko », « 2,4 Mo ». */
export function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation();
  if (bytes >= 1024 * 1024) return <>{t('conversations.fileSizeMb', { size: ltr(formatNumber(Math.round(bytes / 104857.6) / 10)) })}</>;
  return <>{t('conversations.fileSize', { size: ltr(formatNumber(Math.max(1, Math.round(bytes / 1024)))) })}</>;
}

const THUMB = 120;

/** A message's files: images as thumbnails (a tap opens the image, full screen on a phone), PDFs as a button with their name and size. */
export function MessageAttachments({ files }: { files: MessageAttachment[] }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [open, setOpen] = useState<MessageAttachment | null>(null);
  if (files.length === 0) return null;
  const images = files.filter((f) => f.is_image);
  const documents = files.filter((f) => !f.is_image);
  return (
    <Stack gap={6} mt={4} data-testid="message-attachments">
      {images.length > 0 && (
        <Group gap="xs" wrap="wrap">
          {images.map((file) => (
            <PhotoThumbnail
              key={file.id}
              path={conversationFilePaths.thumbnail(file.id)}
              size={THUMB}
              label={t('conversations.openImage', { name: file.name })}
              testId="message-image"
              onOpen={() => setOpen(file)}
            />
          ))}
        </Group>
      )}
      {documents.map((file) => (
        <DownloadButton
          key={file.id}
          file={{ path: conversationFilePaths.attachment(file.id), name: file.name }}
          mode="open"
          variant="light"
          size="compact-sm"
          aria-label={`${file.name}, PDF`}
          data-testid="message-file"
        >
          <FileIcon />
          <Text span size="sm" truncate="end" maw={260} ms={6}>
            <bdi>{file.name}</bdi>
          </Text>
          <Text span size="xs" ms={6}>
            <FileSize bytes={file.size_bytes} />
          </Text>
        </DownloadButton>
      ))}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        fullScreen={phone}
        title={open ? t('conversations.imageTitle', { name: open.name }) : ''}
        data-testid="message-image-modal"
      >
        {open && (
          <FullPhoto
            path={conversationFilePaths.attachment(open.id)}
            alt={open.name}
            width={open.width}
            height={open.height}
            testId="message-image-full"
            loadingLabel={t('conversations.loadingImage')}
            unavailable={t('conversations.imageUnavailable')}
          />
        )}
      </Modal>
    </Stack>
  );
}
