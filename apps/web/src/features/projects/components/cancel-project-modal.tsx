import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { useCancelProject } from '../api/cancel-project';

/** The client cancels their project with a reason (issue 15); the API refuses once a quote is signed. */
export function CancelProjectModal({ projectId, opened, onClose }: { projectId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelProject(projectId);
  return (
    <ReasonModal
      opened={opened}
      onClose={onClose}
      title={t('projects.cancel.title')}
      size="lg"
      label={t('projects.cancel.reason')}
      required
      max={1000}
      cancelLabel={t('projects.cancel.keep')}
      confirmLabel={t('projects.cancel.confirm')}
      pending={cancel.isPending}
      error={cancel.error}
      onEdit={() => {
        if (cancel.error) cancel.reset();
      }}
      onConfirm={(reason) => cancel.mutate({ reason }, { onSuccess: onClose })}
    >
      <Text size="sm">{t('projects.cancel.explain')}</Text>
    </ReasonModal>
  );
}
