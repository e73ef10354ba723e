import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useCancelProject } from '../api/cancel-project';

/** The client cancels their project with a reason (issue 15); the API refuses once a quote is signed. */
export function CancelProjectModal({ projectId, opened, onClose }: { projectId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelProject(projectId);
  const [reason, setReason] = useState('');
  const fields = fieldErrors(cancel.error);
  return (
    <Modal opened={opened} onClose={onClose} title={t('projects.cancel.title')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate({ reason: reason.trim() }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <Text size="sm">{t('projects.cancel.explain')}</Text>
          <Textarea label={t('projects.cancel.reason')} required autosize minRows={3} maxLength={1000} value={reason} onChange={(e) => {
              setReason(e.currentTarget.value);
              if (cancel.error) cancel.reset();
            }} error={fields.reason} data-autofocus />
          <ErrorAlert error={cancel.error && !fields.reason ? cancel.error : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('projects.cancel.keep')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {t('projects.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
