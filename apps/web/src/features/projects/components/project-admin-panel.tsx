import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '@ouvrage/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useDisabledReason } from '../../../components/ui/disabled-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { CreateTenderButton } from '../../tenders';
import { useChangeProject, useDeleteProject } from '../api/project-detail';

function ChangeForm({ project, what }: { project: ProjectDto; what: 'state' | 'stage' }) {
  const { t } = useTranslation();
  const change = useChangeProject(project.id, what);
  const [value, setValue] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const options = what === 'state' ? project.next_states : project.next_stages;
  const prefix = what === 'state' ? 'states' : 'stages';
  const why = useDisabledReason(
    options.length === 0 ? t('projects.admin.noTransition') : !value ? t(`projects.admin.${what === 'state' ? 'chooseStateFirst' : 'chooseStageFirst'}`) : null,
  );
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap" gap="xs">
        <Select
          label={t(`projects.admin.${what === 'state' ? 'newState' : 'newStage'}`)}
          data={options.map((v) => ({ value: v, label: t(`projects.${prefix}.${v}`) }))}
          value={value}
          onChange={setValue}
          disabled={options.length === 0}
          placeholder={options.length === 0 ? t('projects.admin.noTransition') : undefined}
          w={260}
          data-testid={`change-${what}-select`}
        />
        <TextInput label={t('projects.admin.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} w={260} />
        <Button
          {...why.control}
          loading={change.isPending}
          onClick={() =>
            value &&
            change.mutate(
              { value, comment: comment.trim() || undefined },
              {
                onSuccess: () => {
                  setValue(null);
                  setComment('');
                },
              },
            )
          }
        >
          {t(`projects.admin.${what === 'state' ? 'applyState' : 'applyStage'}`)}
        </Button>
      </Group>
      {why.note}
      <ErrorAlert error={change.error} />
    </Stack>
  );
}

/** Admin only: move the state and stage along the allowed transitions, or delete the project. */
export function ProjectAdminPanel({ project }: { project: ProjectDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProject(project.id);
  return (
    <Stack gap="md">
      <ChangeForm project={project} what="state" />
      <ChangeForm project={project} what="stage" />
      <Group>
        <CreateTenderButton project={project} />
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {t('projects.admin.delete')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('projects.admin.deleteTitle', { id: project.id })}
        confirmLabel={t('projects.admin.confirmDelete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/dashboard', { replace: true }) })}
      >
        <Text>{t('projects.admin.deleteText')}</Text>
      </ConfirmModal>
    </Stack>
  );
}
