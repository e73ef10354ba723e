import { useState } from 'react';
import { Button, FileInput, Group, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contractUploadFields } from '@ouvrage/contracts';
import { MAX_SIGNERS } from '@ouvrage/domain';
import { useDisabledReason } from '../../../components/ui/disabled-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { uploadContract, useContractProjects, useInvalidateDocuments } from '../api/documents';

type SignerRow = { name: string; email: string };
const EMPTY: SignerRow = { name: '', email: '' };

const SCHEMA = formSchema(contractUploadFields);

interface Values {
  title: string;
  project_id: string | null;
  signers: SignerRow[];
  file: File | null;
}

/** The text fields sent with the PDF: the title trimmed, the signers' rows left empty dropped. */
const toBody = (v: Values) => ({
  title: v.title.trim(),
  project_id: v.project_id ? Number(v.project_id) : undefined,
  signers: v.signers.filter((s) => s.name.trim() || s.email.trim()),
});

/**
 * « Ajouter un contrat »: title, an optional project of the architect's (its client is proposed as
 * signer), 1–10 signers, the PDF, with the upload's progress. The contract is made as a draft;
 * the list then offers « Envoyer pour signature ».
 */
export function ContractUploadModal({ opened, onClose, withProjects }: { opened: boolean; onClose: () => void; withProjects: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateDocuments();
  const projects = useContractProjects(opened && withProjects);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm<Values>({
    initialValues: { title: '', project_id: null, signers: [{ ...EMPTY }], file: null },
    schema: SCHEMA,
    toBody,
    rules: (v) => ({ file: v.file ? null : t('documents.upload.fileRequired') }),
    serverError: error,
  });
  const { signers } = form.getValues();

  const reset = () => {
    form.reset();
    setProgress(null);
    setError(null);
  };
  const close = () => {
    if (progress !== null && progress < 100 && !error) return; // not while the file is on its way
    reset();
    onClose();
  };

  const chooseProject = (value: string | null) => {
    form.setFieldValue('project_id', value);
    const project = projects.data?.find((p) => String(p.project_id) === value);
    const client = project?.client;
    if (!client?.email || signers.some((s) => s.email.trim().toLowerCase() === client.email!.toLowerCase())) return;
    const filled = signers.filter((s) => s.name.trim() || s.email.trim());
    form.setFieldValue('signers', [{ name: client.name, email: client.email }, ...filled].slice(0, MAX_SIGNERS));
  };

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      setProgress(0);
      const body = toBody(values);
      try {
        await uploadContract({ title: body.title, projectId: body.project_id ?? null, signers: body.signers, file: values.file! }, setProgress);
        await invalidate();
        reset();
        onClose();
      } catch (e) {
        setError(e);
        setProgress(null);
      }
    },
    () => setError(null),
  );
  // The whole list's message (« Ajoutez au moins un signataire. ») shows under the rows.
  const signersError = form.getInputProps('signers').error;
  const fullSigners = useDisabledReason(signers.length >= MAX_SIGNERS ? t('documents.upload.signersFull', { max: MAX_SIGNERS }) : null);

  const uploading = progress !== null;
  return (
    <Modal opened={opened} onClose={close} title={t('documents.upload.title')} size="lg" data-testid="contract-upload">
      <Stack>
        <TextInput label={t('documents.upload.contractTitle')} {...form.getInputProps('title')} maxLength={200} required data-testid="contract-title" />
        {withProjects && (
          <Select
            label={t('documents.upload.project')}
            placeholder={t('documents.upload.noProject')}
            data={(projects.data ?? []).map((p) => ({ value: String(p.project_id), label: p.title }))}
            {...form.getInputProps('project_id')}
            onChange={chooseProject}
            clearable
            searchable
            data-testid="contract-project"
          />
        )}
        <Stack gap="xs">
          <Text fw={500} size="sm">
            {t('documents.upload.signers')}
          </Text>
          {signers.map((_, index) => (
            <Group key={index} align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                aria-label={t('documents.upload.signerName', { n: index + 1 })}
                placeholder={t('documents.upload.name')}
                {...form.getInputProps(`signers.${index}.name`)}
                maxLength={120}
                style={{ flex: '1 1 160px' }}
                data-testid={`signer-name-${index}`}
              />
              <TextInput
                aria-label={t('documents.upload.signerEmail', { n: index + 1 })}
                placeholder={t('documents.upload.email')}
                type="email"
                dir="ltr"
                {...form.getInputProps(`signers.${index}.email`)}
                maxLength={254}
                style={{ flex: '1 1 200px' }}
                data-testid={`signer-email-${index}`}
              />
              {/* A contract has at least one signer: the only row has nothing to remove. */}
              {signers.length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem('signers', index)}
                  aria-label={t('documents.upload.removeSigner', { n: index + 1 })}
                >
                  {t('documents.upload.remove')}
                </Button>
              )}
            </Group>
          ))}
          {signersError && (
            <Text c="red" size="sm" role="alert">
              {signersError}
            </Text>
          )}
          <Button
            variant="light"
            onClick={() => form.insertListItem('signers', { ...EMPTY })}
            {...fullSigners.control}
            style={{ alignSelf: 'flex-start' }}
            data-testid="add-signer"
          >
            {t('documents.upload.addSigner')}
          </Button>
          {fullSigners.note}
        </Stack>
        <FileInput
          label={t('documents.upload.file')}
          placeholder={t('documents.upload.filePlaceholder')}
          accept="application/pdf,.pdf"
          {...form.getInputProps('file')}
          clearable
          required
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
        <ErrorAlert error={form.alertError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => submit()} loading={uploading} data-testid="contract-submit">
            {t('documents.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
