import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitedEntry, MilestoneView, PaymentScheduleView } from '@ouvrage/contracts';
import { formatPercent } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatEuros } from '../../../lib/format';
import { JournalEntriesPicker } from '../../site-log';
import { useIssueMilestone, useMarkReached, useQuoteSchedule } from '../api/payment-schedule';
import { ScheduleEditor } from './schedule-editor';

const STATE_COLORS: Record<MilestoneView['state'], string> = { a_venir: 'gray', facture_preparee: 'orange', facture: 'blue', paye: 'green' };

/** What a milestone waits for, in the reader's language (the architect's own label as typed). */
function useTriggerText() {
  const { t } = useTranslation();
  return (m: MilestoneView) =>
    m.trigger.kind === 'signature'
      ? t('paymentSchedule.triggers.signature')
      : m.trigger.kind === 'stage'
        ? t(`paymentSchedule.stages.${m.trigger.stage}`)
        : m.trigger.kind === 'label'
          ? m.trigger.label
          : t('paymentSchedule.onDate', { date: formatDate(m.trigger.date) });
}

/** The milestones, their states and what is paid; for the issuer « Marquer l’étape atteinte » and « Émettre la facture ». */
export function ScheduleTable({
  quoteId,
  schedule,
  issuer,
  projectId,
}: {
  quoteId: number;
  schedule: PaymentScheduleView;
  issuer: boolean;
  /** With it, the issuer may cite journal entries as the next invoice's justification. */
  projectId?: number;
}) {
  const { t } = useTranslation();
  const [justifications, setJustifications] = useState<CitedEntry[]>([]);
  const prepared = schedule.milestones.some((m) => m.state === 'facture_preparee' && m.prepared);
  const trigger = useTriggerText();
  const mark = useMarkReached(quoteId);
  const issue = useIssueMilestone(quoteId);
  return (
    <Stack gap="sm">
      <Table data-testid="schedule-milestones">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('paymentSchedule.milestone')}</Table.Th>
            <Table.Th>{t('paymentSchedule.share')}</Table.Th>
            <Table.Th>{t('paymentSchedule.dueOn')}</Table.Th>
            <Table.Th>{t('paymentSchedule.state')}</Table.Th>
            {issuer && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.milestones.map((m) => (
            <Table.Tr key={m.position} data-testid={`milestone-${m.position}`}>
              <Table.Td>
                <bdi>{trigger(m)}</bdi>
              </Table.Td>
              <Table.Td>
                {m.percent_bp !== null ? `${formatPercent(m.percent_bp)} · ` : ''}
                {formatEuros(m.due_cents)}
              </Table.Td>
              <Table.Td>{m.due_on ? formatDate(m.due_on) : '—'}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[m.state]} variant="light" data-testid={`milestone-state-${m.position}`}>
                  {t(`paymentSchedule.states.${m.state}`)}
                </Badge>
                {m.invoice && (
                  <Text size="xs" c="dimmed">
                    {t('paymentSchedule.invoice', { number: m.invoice.number, amount: formatEuros(m.invoice.total_ttc_cents) })}
                  </Text>
                )}
              </Table.Td>
              {issuer && (
                <Table.Td>
                  {m.state === 'a_venir' && (m.trigger.kind === 'stage' || m.trigger.kind === 'label') && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => mark.mutate(m.position)}
                      loading={mark.isPending}
                      data-testid={`milestone-mark-${m.position}`}
                    >
                      {t('paymentSchedule.markReached')}
                    </Button>
                  )}
                  {m.state === 'facture_preparee' && m.prepared && (
                    <Button
                      size="xs"
                      onClick={() =>
                        issue.mutate({ position: m.position, entryIds: justifications.map((e) => e.entry_id) }, { onSuccess: () => setJustifications([]) })
                      }
                      loading={issue.isPending}
                      data-testid={`milestone-issue-${m.position}`}
                    >
                      {t('paymentSchedule.issue', { amount: formatEuros(m.prepared.amount_cents) })}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {issuer && prepared && projectId !== undefined && (
        <JournalEntriesPicker
          projectId={projectId}
          label={t('paymentSchedule.justifications')}
          description={t('paymentSchedule.justificationsHelp')}
          value={justifications}
          onChange={setJustifications}
          data-testid="milestone-justifications"
        />
      )}
      <Group justify="space-between">
        <Text size="sm">{t('paymentSchedule.total', { amount: formatEuros(schedule.contract_ttc_cents) })}</Text>
        <Text size="sm" fw={600} data-testid="schedule-paid">
          {t('paymentSchedule.paid', { amount: formatEuros(schedule.paid_cents) })}
        </Text>
      </Group>
      <ErrorAlert error={mark.error ?? issue.error} />
    </Stack>
  );
}

/**
 * The schedule of a quote (decision 1221): on a draft, its issuer's « Échéancier » form; then the
 * milestones with their state (à venir, atteint — facture préparée, facturé, payé) and what is paid,
 * and for the issuer « Marquer l’étape atteinte » and « Émettre la facture ». Nothing when a sent
 * quote has no schedule.
 */
export function PaymentScheduleSection({ quoteId, issuerId, projectId }: { quoteId: number; issuerId: number; projectId?: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const query = useQuoteSchedule(quoteId);
  const schedule = query.data?.schedule ?? null;
  if (query.isPending) return null;
  if (query.error) return <ErrorAlert error={query.error} />;
  const editable = schedule ? schedule.editable : false;
  const issuer = !!user && (user.id === issuerId || user.user_type === 'admin');
  if (!schedule && !query.data) return null;
  if (!schedule && !issuer) return null;
  return (
    <SectionCard title={t('paymentSchedule.title')} testId="payment-schedule">
      {editable || (!schedule && issuer) ? (
        <EditorOrTable quoteId={quoteId} schedule={schedule} />
      ) : (
        schedule && <ScheduleTable quoteId={quoteId} schedule={schedule} issuer={issuer} projectId={projectId} />
      )}
    </SectionCard>
  );
}

function EditorOrTable({ quoteId, schedule }: { quoteId: number; schedule: PaymentScheduleView | null }) {
  return (
    <Stack gap="md">
      {schedule && <ScheduleTable quoteId={quoteId} schedule={schedule} issuer={false} />}
      <ScheduleEditor key={schedule ? schedule.milestones.length : 0} quoteId={quoteId} schedule={schedule} />
    </Stack>
  );
}
