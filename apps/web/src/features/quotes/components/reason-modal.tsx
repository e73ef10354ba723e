import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';

export interface ReasonModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  testId: string;
}

/** Refusing or cancelling a quote: a required reason, checked here and again by the API. */
export function ReasonModal({ opened, onClose, title, label, confirmLabel, pending, error, onConfirm, testId }: ReasonModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const serverError = fieldErrors(error).reason;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Textarea
          label={label}
          description={t('quotes.reason.hint', { min: QUOTE_REASON_LIMITS.min, max: QUOTE_REASON_LIMITS.max })}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setTooShort(false);
          }}
          error={tooShort ? t('quotes.reason.tooShort', { min: QUOTE_REASON_LIMITS.min }) : serverError}
          required
          autosize
          minRows={3}
          maxLength={QUOTE_REASON_LIMITS.max}
          name="reason"
          data-autofocus
          data-testid={`${testId}-reason`}
        />
        <ErrorAlert error={error && !serverError ? error : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={pending}
            data-testid={`${testId}-confirm`}
            onClick={() => {
              const trimmed = reason.trim();
              if (trimmed.length < QUOTE_REASON_LIMITS.min) setTooShort(true);
              else onConfirm(trimmed);
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
