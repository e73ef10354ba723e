import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageView } from '@ouvrage/contracts';
import { MODERATION_REASON_MAX_LENGTH } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { useHideMessage } from '../api/moderation';
import { ReportMessageModal } from './report-message-modal';

export interface MessageModerationActionsProps {
  message: MessageView;
  mine: boolean;
  /** The reader is a member who may report the other member's messages. */
  canReport: boolean;
  /** The reader is the admin moderating this (reported) conversation. */
  moderator: boolean;
}

/**
 * Under a message (decision 1230 « Reports and moderation »): « Signaler » on the other member's
 * message for a member; « Masquer » / « Afficher » for the admin of a reported conversation.
 */
export function MessageModerationActions({ message: m, mine, canReport, moderator }: MessageModerationActionsProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [hiding, setHiding] = useState(false);
  const hide = useHideMessage(m.conversation_id);
  if (m.deleted) return null;
  return (
    <>
      {canReport && !mine && !m.hidden && !moderator && (
        <>
          {reported ? (
            <Text size="xs" c="dimmed" role="status" data-testid="message-reported">
              {t('conversations.report.done')}
            </Text>
          ) : (
            <Button variant="subtle" color="gray" size="compact-xs" onClick={() => setReporting(true)} data-testid="message-report">
              {t('conversations.report.open')}
            </Button>
          )}
          {reporting && (
            <ReportMessageModal
              conversationId={m.conversation_id}
              messageId={m.id}
              opened
              onClose={() => setReporting(false)}
              onDone={() => setReported(true)}
            />
          )}
        </>
      )}
      {moderator && (
        <>
          {m.hidden ? (
            <Button
              variant="subtle"
              size="compact-xs"
              loading={hide.isPending}
              onClick={() => hide.mutate({ messageId: m.id, hide: false })}
              data-testid="message-unhide"
            >
              {t('conversations.moderation.unhide')}
            </Button>
          ) : (
            <Button variant="subtle" color="orange" size="compact-xs" onClick={() => setHiding(true)} data-testid="message-hide">
              {t('conversations.moderation.hide')}
            </Button>
          )}
          {m.hidden && <ErrorAlert error={hide.error} />}
          <ReasonModal
            opened={hiding}
            onClose={() => setHiding(false)}
            title={t('conversations.moderation.hideTitle')}
            label={t('conversations.moderation.reason')}
            description={t('conversations.moderation.hideHint')}
            max={MODERATION_REASON_MAX_LENGTH}
            confirmLabel={t('conversations.moderation.hide')}
            onConfirm={(reason) => hide.mutate({ messageId: m.id, hide: true, reason: reason || undefined }, { onSuccess: () => setHiding(false) })}
            pending={hide.isPending}
            error={hide.error}
            onEdit={() => hide.reset()}
            testId="hide-message"
          />
        </>
      )}
    </>
  );
}
