import { useState } from 'react';
import { Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MessageView, ModerationMember, ReportItem } from '@ouvrage/contracts';
import { MODERATION_REASON_MAX_LENGTH } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { formatDateTime } from '../../../lib/format';
import { useCloseReport, useModeration, useSuspendWriting } from '../api/moderation';
import { ReportStatusBadge } from './report-status-badge';

/** « jusqu’au message du 02/12 à 10:00 » when the page holds it, else its number. */
function messageLabel(t: TFunction, id: number, messages: readonly MessageView[]): string {
  const found = messages.find((m) => m.id === id);
  return found ? t('conversations.moderation.upTo', { at: formatDateTime(found.created_at) }) : t('conversations.moderation.upToId', { id });
}

function ReportCard({ report, conversationId }: { report: ReportItem; conversationId: number }) {
  const { t } = useTranslation();
  const close = useCloseReport(conversationId);
  return (
    <Stack gap={4} data-testid="moderation-report">
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          {t(`conversations.report.reasons.${report.reason}`)}
        </Text>
        <ReportStatusBadge status={report.status} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('conversations.moderation.reportedBy', { name: report.reporter.name, at: formatDateTime(report.created_at) })}
      </Text>
      <Text size="sm" dir="auto" fs="italic" style={{ overflowWrap: 'anywhere' }}>
        « {report.message.deleted ? t('conversations.deleted') : report.message.excerpt} » — <bdi>{report.author.name}</bdi>
      </Text>
      {report.details && (
        <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {report.details}
        </Text>
      )}
      {report.status === 'open' && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            color="teal"
            variant="light"
            loading={close.isPending && close.variables?.outcome === 'handled'}
            onClick={() => close.mutate({ reportId: report.id, outcome: 'handled' })}
            data-testid="report-handled"
          >
            {t('conversations.moderation.handled')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={close.isPending && close.variables?.outcome === 'dismissed'}
            onClick={() => close.mutate({ reportId: report.id, outcome: 'dismissed' })}
            data-testid="report-dismissed"
          >
            {t('conversations.moderation.dismissed')}
          </Button>
        </Group>
      )}
      <ErrorAlert error={close.error} />
    </Stack>
  );
}

function MemberCard({ member, conversationId, messages }: { member: ModerationMember; conversationId: number; messages: readonly MessageView[] }) {
  const { t } = useTranslation();
  const [suspending, setSuspending] = useState(false);
  const writing = useSuspendWriting(conversationId);
  const suspended = member.writing_suspended_at !== null;
  return (
    <Stack gap={4} data-testid="moderation-member" data-member-id={member.id}>
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          <bdi>{member.name}</bdi>{' '}
          <Text span size="xs" c="dimmed">
            {t(`conversations.roles.${member.user_type}`)}
          </Text>
        </Text>
        {suspended ? (
          <Badge color="red" variant="light" data-testid="member-suspended">
            {t('conversations.moderation.suspended')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('conversations.moderation.writes')}
          </Badge>
        )}
      </Group>
      {suspended && (
        <Text size="xs" c="dimmed">
          {t('conversations.moderation.suspendedOn', { at: formatDateTime(member.writing_suspended_at) })}
          {member.writing_suspended_reason ? ` — ${member.writing_suspended_reason}` : ''}
        </Text>
      )}
      <Text size="sm" data-testid="member-read">
        {member.last_read_message_id === null
          ? t('conversations.moderation.neverRead')
          : t('conversations.moderation.readUpTo', {
              message: messageLabel(t, member.last_read_message_id, messages),
              at: formatDateTime(member.last_read_at),
            })}
      </Text>
      {member.reads.length > 0 && (
        <Stack gap={0} component="ol" m={0} ps="md" aria-label={t('conversations.moderation.readLog', { name: member.name })} data-testid="member-read-log">
          {member.reads.map((r) => (
            <Text key={`${r.message_id}-${r.read_at}`} component="li" size="xs" c="dimmed">
              {t('conversations.moderation.readLine', { message: messageLabel(t, r.message_id, messages), at: formatDateTime(r.read_at) })}
            </Text>
          ))}
        </Stack>
      )}
      {member.user_type !== 'admin' && (
        <Group gap="xs">
          {suspended ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={writing.isPending}
              onClick={() => writing.mutate({ userId: member.id, suspend: false })}
              data-testid="member-lift"
            >
              {t('conversations.moderation.lift')}
            </Button>
          ) : (
            <Button size="compact-sm" color="red" variant="light" onClick={() => setSuspending(true)} data-testid="member-suspend">
              {t('conversations.moderation.suspend')}
            </Button>
          )}
        </Group>
      )}
      {suspended && <ErrorAlert error={writing.error} />}
      <ReasonModal
        opened={suspending}
        onClose={() => setSuspending(false)}
        title={t('conversations.moderation.suspendTitle', { name: member.name })}
        label={t('conversations.moderation.reason')}
        description={t('conversations.moderation.suspendHint')}
        max={MODERATION_REASON_MAX_LENGTH}
        confirmLabel={t('conversations.moderation.suspend')}
        onConfirm={(reason) => writing.mutate({ userId: member.id, suspend: true, reason: reason || undefined }, { onSuccess: () => setSuspending(false) })}
        pending={writing.isPending}
        error={writing.error}
        onEdit={() => writing.reset()}
        testId="suspend-member"
      />
    </Stack>
  );
}

/**
 * The admin's panel in a reported conversation (decision 1230 « Reports and moderation »): its
 * reports to close, each member's writing to suspend or restore, and « who read what » — up to which
 * message and when each member read, every move of their read mark.
 */
export function ModerationPanel({ conversationId, messages }: { conversationId: number; messages: readonly MessageView[] }) {
  const { t } = useTranslation();
  const panel = useModeration(conversationId, true);
  const data = panel.data;
  return (
    <Card withBorder padding="sm" data-testid="moderation-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('conversations.moderation.title')}
        </Title>
        <ErrorAlert error={panel.error} />
        {data && (
          <>
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('conversations.moderation.reports', { count: data.reports.length })}
              </Text>
              {data.reports.map((r, i) => (
                <Stack key={r.id} gap="sm">
                  {i > 0 && <Divider />}
                  <ReportCard report={r} conversationId={conversationId} />
                </Stack>
              ))}
            </Stack>
            <Divider />
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('conversations.moderation.members')}
              </Text>
              {data.members.map((m, i) => (
                <Stack key={m.id} gap="sm">
                  {i > 0 && <Divider variant="dashed" />}
                  <MemberCard member={m} conversationId={conversationId} messages={messages} />
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
