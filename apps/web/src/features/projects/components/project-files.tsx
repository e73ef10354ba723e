import { useState } from 'react';
import { Button, FileInput, Group, Image, Modal, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectFileItem } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/format';
import { downloadFile } from '../../../lib/download';
import { projectFileDownload, projectFileUrl, useUploadFiles } from '../api/project-detail';

const MAX_BYTES = 20 * 1024 * 1024;
const ACCEPT = 'application/pdf,image/jpeg,image/png';

function size(bytes: number) {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

/** The project's documents: upload with a progress bar, download and preview (the API checks ownership). */
export function ProjectFiles({ projectId, files, canUpload }: { projectId: number; files: ProjectFileItem[]; canUpload: boolean }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string; file: ProjectFileItem } | null>(null);
  const [fetchError, setFetchError] = useState<unknown>(null);
  const upload = useUploadFiles(projectId, setProgress);

  const send = () => {
    const tooBig = picked.find((f) => f.size > MAX_BYTES);
    if (tooBig) {
      setLocalError(t('projects.files.tooBig', { name: tooBig.name }));
      return;
    }
    setLocalError(null);
    setProgress(0);
    upload.mutate(picked, { onSuccess: () => setPicked([]) });
  };

  const open = async (file: ProjectFileItem, disposition: 'inline' | 'attachment') => {
    setFetchError(null);
    try {
      if (disposition === 'attachment') await downloadFile(projectFileDownload(file));
      else setPreview({ url: await projectFileUrl(file.id, 'inline'), file });
    } catch (error) {
      setFetchError(error);
    }
  };

  return (
    <Stack gap="sm">
      {files.length === 0 && <Text c="dimmed">{t('projects.files.none')}</Text>}
      {files.map((file) => (
        <Group key={file.id} justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {size(file.size_bytes)} · {formatDateTime(file.created_at)}
              {file.uploaded_by_name ? ` · ${file.uploaded_by_name}` : ''}
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => open(file, 'inline')}>
              {t('projects.files.preview')}
            </Button>
            <Button size="xs" variant="default" onClick={() => open(file, 'attachment')}>
              {t('projects.files.download')}
            </Button>
          </Group>
        </Group>
      ))}
      <ErrorAlert error={fetchError} />
      {canUpload && (
        <Stack gap="xs">
          <FileInput
            label={t('projects.files.add')}
            description={t('projects.files.help')}
            multiple
            accept={ACCEPT}
            value={picked}
            onChange={setPicked}
            clearable
            error={localError}
            data-testid="project-file-input"
          />
          {upload.isPending && <Progress value={progress} striped animated aria-label={t('projects.files.progress')} data-testid="upload-progress" />}
          {upload.isPending && (
            <Text size="xs" c="dimmed">
              {t('projects.files.uploading', { percent: progress })}
            </Text>
          )}
          <ErrorAlert error={upload.error} />
          <Group>
            <Button onClick={send} disabled={picked.length === 0} loading={upload.isPending}>
              {t('projects.files.send')}
            </Button>
          </Group>
        </Stack>
      )}
      <Modal
        opened={!!preview}
        onClose={() => {
          if (preview) URL.revokeObjectURL(preview.url);
          setPreview(null);
        }}
        title={preview?.file.name}
        size="xl"
      >
        {preview &&
          (preview.file.mime_type === 'application/pdf' ? (
            <iframe src={preview.url} title={preview.file.name} style={{ width: '100%', height: '70vh', border: 0 }} />
          ) : (
            <Image src={preview.url} alt={preview.file.name} fit="contain" mah="70vh" />
          ))}
      </Modal>
    </Stack>
  );
}
