import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../lib/use-error-message';
import { ErrorAlert } from './error-alert';

export interface ReasonModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What the action does, above the field (optional). */
  children?: ReactNode;
  /** The field's label (« Motif du refus »…) and its hint. */
  label: string;
  description?: string;
  /** The reason's bounds; below `min` (after trimming) the dialog says so and does not confirm. */
  min?: number;
  max: number;
  /** The message shown when the reason is shorter than `min`. */
  tooShortMessage?: string;
  /** The field may not be left empty (an asterisk, and the API refuses it anyway). */
  required?: boolean;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** The trimmed reason. */
  onConfirm: (reason: string) => void;
  pending: boolean;
  /** The action's failure: a refusal of the `reason` field goes under the field, any other above the buttons. */
  error: unknown;
  /** Typing again clears a previous failure (the screen resets its mutation). */
  onEdit?: () => void;
  size?: string;
  /** `{testId}-reason` on the field, `{testId}-confirm` on the button. */
  testId?: string;
}

/**
 * An action that needs a written reason (refuse or cancel a quote, refuse a tender, cancel a
 * project): the text is checked here and again by the API. A form, so the focus stays in the
 * dialog (Mantine's trap), Escape closes it and the reason field takes the focus on opening.
 */
export function ReasonModal(props: ReasonModalProps) {
  const {
    opened,
    onClose,
    title,
    children,
    label,
    description,
    min = 0,
    max,
    tooShortMessage,
    required = false,
    confirmLabel,
    cancelLabel,
    onConfirm,
    pending,
    error,
    onEdit,
    size,
    testId,
  } = props;
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const serverError = fieldErrors(error).reason;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = reason.trim();
          if (trimmed.length < min) setTooShort(true);
          else onConfirm(trimmed);
        }}
      >
        <Stack>
          {children}
          <Textarea
            label={label}
            description={description}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setTooShort(false);
              onEdit?.();
            }}
            error={tooShort ? tooShortMessage : serverError}
            required={required}
            autosize
            minRows={3}
            maxLength={max}
            name="reason"
            data-autofocus
            data-testid={testId && `${testId}-reason`}
          />
          <ErrorAlert error={error && !serverError ? error : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending} data-testid={testId && `${testId}-confirm`}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
