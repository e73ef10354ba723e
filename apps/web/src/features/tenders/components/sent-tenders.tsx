import { useState } from 'react';
import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TENDER_STATUSES } from '@ouvrage/domain';
import type { AdminTender } from '@ouvrage/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ListScreen } from '../../../components/ui/list-screen';
import { choiceFilter, textFilter, useListQuery } from '../../../lib/list-query';
import { formatDateTime } from '../../../lib/format';
import { sentTendersQuery, useWithdrawTender } from '../api/admin-tenders';
import { TenderStatusBadge } from './tender-status-badge';
import { useCatalogLabels } from '../../catalog';

/** `/list-offre` for the admin: every sent tender, filtered by status, project or professional; withdraw an available one. */
export function SentTenders() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  // Every status by default (issue 15): a list filtered on arrival hid the answered tenders.
  const list = useListQuery({ filters: { status: choiceFilter(TENDER_STATUSES), project: textFilter(), professional: textFilter() }, query: sentTendersQuery });
  const [withdrawing, setWithdrawing] = useState<AdminTender | null>(null);
  const withdraw = useWithdrawTender();
  return (
    <Stack>
      <ListScreen
        list={list}
        title={t('tenders.admin.title')}
        filters={[
          {
            type: 'select',
            name: 'status',
            label: t('tenders.admin.status'),
            options: TENDER_STATUSES.map((s) => ({ value: s, label: t(`tenders.statuses.${s}`) })),
            w: 200,
            testId: 'filter-status',
          },
          { type: 'search', name: 'project', label: t('tenders.admin.project'), description: t('tenders.admin.projectHelp'), w: 240, testId: 'filter-project' },
          {
            type: 'search',
            name: 'professional',
            label: t('tenders.admin.professional'),
            description: t('tenders.admin.professionalHelp'),
            w: 240,
            testId: 'filter-professional',
          },
        ]}
        emptyText={t('tenders.admin.none')}
        table={{
          rowKey: (o) => o.id,
          minWidth: 820,
          rowProps: (o) => ({ 'data-testid': `sent-tender-${o.id}` }),
          'data-testid': 'sent-tenders',
          columns: [
            {
              key: 'project',
              header: t('tenders.admin.projectColumn'),
              card: 'title',
              cell: (o) => (
                <>
                  <Anchor component={Link} to={`/single-projet/${o.project.id}`} size="sm">
                    {t('tenders.admin.projectLabel', { id: o.project.id, category: catalog.category(o.project.category_name), city: o.project.ville })}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {o.project.client_name}
                  </Text>
                </>
              ),
            },
            {
              key: 'professional',
              header: t('tenders.admin.professionalColumn'),
              card: 'detail',
              cell: (o) => (
                <>
                  <Text size="sm">{o.professional.company ?? o.professional.name}</Text>
                  <Text size="xs" c="dimmed">
                    {o.professional.name} · {o.professional.email}
                  </Text>
                </>
              ),
            },
            { key: 'status', header: t('tenders.admin.status'), nowrap: true, card: 'badge', cell: (o) => <TenderStatusBadge status={o.status} /> },
            { key: 'deadline', header: t('tenders.admin.deadline'), card: 'detail', cell: (o) => <Text size="sm">{formatDateTime(o.reply_deadline)}</Text> },
            {
              key: 'answer',
              header: t('tenders.admin.answer'),
              card: 'detail',
              cell: (o) => (
                <>
                  <Text size="sm">{o.answered_at ? formatDateTime(o.answered_at) : '—'}</Text>
                  {o.refusal_reason && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {o.refusal_reason}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: 'withdraw',
              header: <VisuallyHidden>{t('tenders.admin.withdraw')}</VisuallyHidden>,
              card: 'action',
              cell: (o) =>
                o.status === 'Disponible' && (
                  <Button size="compact-sm" color="red" variant="light" onClick={() => setWithdrawing(o)}>
                    {t('tenders.admin.withdraw')}
                  </Button>
                ),
            },
          ],
        }}
      >
        <Text c="dimmed" size="sm">
          {t('tenders.admin.intro')}
        </Text>
      </ListScreen>
      <ConfirmModal
        opened={!!withdrawing}
        onClose={() => setWithdrawing(null)}
        title={t('tenders.admin.withdrawTitle')}
        confirmLabel={t('tenders.admin.withdraw')}
        pending={withdraw.isPending}
        error={withdraw.error}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id, { onSuccess: () => setWithdrawing(null) })}
      >
        <Text>
          {withdrawing &&
            t('tenders.admin.withdrawText', { company: withdrawing.professional.company ?? withdrawing.professional.name, id: withdrawing.project.id })}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
