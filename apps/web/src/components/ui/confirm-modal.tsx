import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What the action does, in the screen's words. */
  children: ReactNode;
  confirmLabel: ReactNode;
  /** « Annuler » unless the screen says otherwise (« Conserver »…). */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** The action is under way: the confirm button turns busy, the dialog stays open. */
  pending?: boolean;
  /** The action's failure, shown in the dialog (it stays open for another try). */
  error?: unknown;
  /** `red` for what cannot be undone (delete, withdraw); the theme's colour otherwise. */
  color?: string;
  confirmTestId?: string;
}

/**
 * « Êtes-vous sûr ? »: one dialog for every action that asks before it acts (delete, withdraw,
 * send). Mantine's Modal keeps the focus inside, closes on Escape and is labelled by its title;
 * the failure of the action stays in the dialog, next to the button that retries it.
 */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  error = null,
  color = 'red',
  confirmTestId,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        {children}
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
