import { useState } from 'react';
import { Anchor, Button, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TENDER_STATUSES } from '@ouvrage/domain';
import type { AdminTender } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDateTime } from '../../../lib/format';
import { useSentTenders, useWithdrawTender } from '../api/admin-tenders';
import { TenderStatusBadge } from './tender-status-badge';
import { useCatalogLabels } from '../../catalog';
import { resultsCount } from '../../../lib/results-count';

/** `/list-offre` for the admin: every sent tender, filtered by status, project or professional; withdraw an available one. */
export function SentTenders() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  // Every status by default (issue 15): a list filtered on arrival hid the answered tenders.
  const [status, setStatus] = useState<string | null>(null);
  const [project, setProject] = useState('');
  const [professional, setProfessional] = useState('');
  const [page, setPage] = useState(1);
  const [withdrawing, setWithdrawing] = useState<AdminTender | null>(null);
  const query = useSentTenders({ page, status: status ?? undefined, project, professional });
  const withdraw = useWithdrawTender();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('tenders.admin.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('tenders.admin.intro')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('tenders.admin.status')}
          data={TENDER_STATUSES.map((s) => ({ value: s, label: t(`tenders.statuses.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          w={200}
          data-testid="filter-status"
        />
        <TextInput
          type="search"
          label={t('tenders.admin.project')}
          description={t('tenders.admin.projectHelp')}
          value={project}
          onChange={(e) => (setProject(e.currentTarget.value), setPage(1))}
          w={240}
          data-testid="filter-project"
        />
        <TextInput
          type="search"
          label={t('tenders.admin.professional')}
          description={t('tenders.admin.professionalHelp')}
          value={professional}
          onChange={(e) => (setProfessional(e.currentTarget.value), setPage(1))}
          w={240}
          data-testid="filter-professional"
        />
      </Group>
      <ErrorAlert error={query.error} />
      {query.isPending ? (
        <ScreenLoader />
      ) : query.data && query.data.items.length === 0 ? (
        <Text>{t('tenders.admin.none')}</Text>
      ) : (
        query.data && (
          <>
            <Text size="sm" c="dimmed">
              {resultsCount(t, query.data)}
            </Text>
            <Table.ScrollContainer minWidth={820}>
              <Table striped data-testid="sent-tenders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('tenders.admin.projectColumn')}</Table.Th>
                    <Table.Th>{t('tenders.admin.professionalColumn')}</Table.Th>
                    <Table.Th>{t('tenders.admin.status')}</Table.Th>
                    <Table.Th>{t('tenders.admin.deadline')}</Table.Th>
                    <Table.Th>{t('tenders.admin.answer')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((o) => (
                    <Table.Tr key={o.id} data-testid={`sent-tender-${o.id}`}>
                      <Table.Td>
                        <Anchor component={Link} to={`/single-projet/${o.project.id}`} size="sm">
                          {t('tenders.admin.projectLabel', { id: o.project.id, category: catalog.category(o.project.category_name), city: o.project.ville })}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {o.project.client_name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{o.professional.company ?? o.professional.name}</Text>
                        <Text size="xs" c="dimmed">
                          {o.professional.name} · {o.professional.email}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <TenderStatusBadge status={o.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(o.reply_deadline)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{o.answered_at ? formatDateTime(o.answered_at) : '—'}</Text>
                        {o.refusal_reason && (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {o.refusal_reason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {o.status === 'Disponible' && (
                          <Button size="compact-sm" color="red" variant="light" onClick={() => setWithdrawing(o)}>
                            {t('tenders.admin.withdraw')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {query.data.total > query.data.per_page && <Pagination total={Math.ceil(query.data.total / query.data.per_page)} value={page} onChange={setPage} />}
          </>
        )
      )}
      <Modal opened={!!withdrawing} onClose={() => setWithdrawing(null)} title={t('tenders.admin.withdrawTitle')}>
        <Stack>
          <Text>{withdrawing && t('tenders.admin.withdrawText', { company: withdrawing.professional.company ?? withdrawing.professional.name, id: withdrawing.project.id })}</Text>
          <ErrorAlert error={withdraw.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWithdrawing(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={withdraw.isPending} onClick={() => withdrawing && withdraw.mutate(withdrawing.id, { onSuccess: () => setWithdrawing(null) })}>
              {t('tenders.admin.withdraw')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
