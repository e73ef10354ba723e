import { useState } from 'react';
import { Button, FileInput, Group, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_SIGNERS } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { uploadContract, useContractProjects, useInvalidateDocuments } from '../api/documents';

type SignerRow = { name: string; email: string };
const EMPTY: SignerRow = { name: '', email: '' };

/**
 * « Ajouter un contrat »: title, an optional project of the architect's (its client is proposed as
 * signer), 1–10 signers, the PDF, with the upload's progress. The contract is made as a draft;
 * the list then offers « Envoyer pour signature ».
 */
export function ContractUploadModal({ opened, onClose, withProjects }: { opened: boolean; onClose: () => void; withProjects: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateDocuments();
  const projects = useContractProjects(opened && withProjects);
  const [title, setTitle] = useState('');
  const [projectId, setProjectId] = useState<string | null>(null);
  const [signers, setSigners] = useState<SignerRow[]>([{ ...EMPTY }]);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const fields = fieldErrors(error);

  const reset = () => {
    setTitle('');
    setProjectId(null);
    setSigners([{ ...EMPTY }]);
    setFile(null);
    setProgress(null);
    setError(null);
    setFileMissing(false);
  };
  const close = () => {
    if (progress !== null && progress < 100 && !error) return; // not while the file is on its way
    reset();
    onClose();
  };

  const chooseProject = (value: string | null) => {
    setProjectId(value);
    const project = projects.data?.find((p) => String(p.project_id) === value);
    const client = project?.client;
    if (!client?.email || signers.some((s) => s.email.trim().toLowerCase() === client.email!.toLowerCase())) return;
    const filled = signers.filter((s) => s.name.trim() || s.email.trim());
    setSigners([{ name: client.name, email: client.email }, ...filled].slice(0, MAX_SIGNERS));
  };

  const setSigner = (index: number, patch: Partial<SignerRow>) => setSigners((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const submit = async () => {
    setError(null);
    setFileMissing(!file);
    if (!file) return;
    setProgress(0);
    try {
      await uploadContract(
        { title: title.trim(), projectId: projectId ? Number(projectId) : null, signers: signers.filter((s) => s.name.trim() || s.email.trim()), file },
        setProgress,
      );
      await invalidate();
      reset();
      onClose();
    } catch (e) {
      setError(e);
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Modal opened={opened} onClose={close} title={t('documents.upload.title')} size="lg" data-testid="contract-upload">
      <Stack>
        <TextInput
          label={t('documents.upload.contractTitle')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={200}
          required
          error={fields.title}
          data-testid="contract-title"
        />
        {withProjects && (
          <Select
            label={t('documents.upload.project')}
            placeholder={t('documents.upload.noProject')}
            data={(projects.data ?? []).map((p) => ({ value: String(p.project_id), label: p.title }))}
            value={projectId}
            onChange={chooseProject}
            clearable
            searchable
            error={fields.project_id}
            data-testid="contract-project"
          />
        )}
        <Stack gap="xs">
          <Text fw={500} size="sm">
            {t('documents.upload.signers')}
          </Text>
          {signers.map((signer, index) => (
            <Group key={index} align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                aria-label={t('documents.upload.signerName', { n: index + 1 })}
                placeholder={t('documents.upload.name')}
                value={signer.name}
                onChange={(e) => setSigner(index, { name: e.currentTarget.value })}
                maxLength={120}
                error={fields[`signers.${index}.name`]}
                style={{ flex: '1 1 160px' }}
                data-testid={`signer-name-${index}`}
              />
              <TextInput
                aria-label={t('documents.upload.signerEmail', { n: index + 1 })}
                placeholder={t('documents.upload.email')}
                type="email"
                dir="ltr"
                value={signer.email}
                onChange={(e) => setSigner(index, { email: e.currentTarget.value })}
                maxLength={254}
                error={fields[`signers.${index}.email`]}
                style={{ flex: '1 1 200px' }}
                data-testid={`signer-email-${index}`}
              />
              <Button
                variant="subtle"
                color="red"
                disabled={signers.length === 1}
                onClick={() => setSigners((rows) => rows.filter((_, i) => i !== index))}
                aria-label={t('documents.upload.removeSigner', { n: index + 1 })}
              >
                {t('documents.upload.remove')}
              </Button>
            </Group>
          ))}
          {fields.signers && (
            <Text c="red" size="sm" role="alert">
              {fields.signers}
            </Text>
          )}
          <Button
            variant="light"
            onClick={() => setSigners((rows) => [...rows, { ...EMPTY }])}
            disabled={signers.length >= MAX_SIGNERS}
            style={{ alignSelf: 'flex-start' }}
            data-testid="add-signer"
          >
            {t('documents.upload.addSigner')}
          </Button>
        </Stack>
        <FileInput
          label={t('documents.upload.file')}
          placeholder={t('documents.upload.filePlaceholder')}
          accept="application/pdf,.pdf"
          value={file}
          onChange={setFile}
          clearable
          required
          error={fields.file ?? (fileMissing ? t('documents.upload.fileRequired') : undefined)}
          data-testid="contract-file"
        />
        {uploading && (
          <Stack gap={4}>
            <Progress value={progress ?? 0} size="lg" aria-label={t('documents.upload.progress')} data-testid="upload-progress" data-progress={progress} />
            <Text size="sm" c="dimmed" role="status">
              {progress! < 100 ? t('documents.upload.sending', { percent: progress }) : t('documents.upload.checking')}
            </Text>
          </Stack>
        )}
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={uploading} data-testid="contract-submit">
            {t('documents.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
