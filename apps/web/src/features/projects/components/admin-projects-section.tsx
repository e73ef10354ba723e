import { useState } from 'react';
import { Anchor, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROJECT_STAGES, PROJECT_STATES } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate } from '../../../lib/format';
import { usePublicCategories } from '../../catalog';
import { useAdminProjects, type AdminProjectFilters } from '../api/project-lists';
import { StageBadge, StateBadge } from './project-fields';

const EMPTY: AdminProjectFilters = { q: '', state: null, stage: null, category_id: null, departement: '', date_from: '', date_to: '' };

/** The admin's project list: search, filters (state, stage, category, département, dates), pagination. */
export default function AdminProjectsSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminProjectFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const categories = usePublicCategories();
  const list = useAdminProjects(filters, page);
  const set = (key: keyof AdminProjectFilters, value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;

  return (
    <Stack gap="sm" data-testid="admin-projects">
      <Title order={2} size="h4">
        {t('projects.adminList.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput label={t('common.search')} placeholder={t('projects.adminList.searchPlaceholder')} value={filters.q} onChange={(e) => set('q', e.currentTarget.value)} />
        <Select label={t('projects.fields.state')} data={PROJECT_STATES.map((s) => ({ value: s, label: t(`projects.states.${s}`) }))} value={filters.state} onChange={(v) => set('state', v)} clearable />
        <Select label={t('projects.fields.stage')} data={PROJECT_STAGES.map((s) => ({ value: s, label: t(`projects.stages.${s}`) }))} value={filters.stage} onChange={(v) => set('stage', v)} clearable />
        <Select label={t('projects.fields.projet')} data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))} value={filters.category_id} onChange={(v) => set('category_id', v)} clearable />
        <TextInput label={t('projects.adminList.departement')} placeholder="75, 2A, 974" value={filters.departement} onChange={(e) => set('departement', e.currentTarget.value)} maxLength={3} />
        <TextInput label={t('projects.adminList.from')} type="date" value={filters.date_from} onChange={(e) => set('date_from', e.currentTarget.value)} />
        <TextInput label={t('projects.adminList.to')} type="date" value={filters.date_to} onChange={(e) => set('date_to', e.currentTarget.value)} />
      </SimpleGrid>
      <ErrorAlert error={list.error} />
      {list.isPending ? (
        <ScreenLoader />
      ) : list.data && list.data.items.length === 0 ? (
        <Text c="dimmed">{t('projects.adminList.none')}</Text>
      ) : (
        list.data && (
          <>
            <Text size="sm" c="dimmed">
              {t('common.results', { count: list.data.total })}
            </Text>
            <Table.ScrollContainer minWidth={1000}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('projects.adminList.number')}</Table.Th>
                    <Table.Th>{t('projects.adminList.client')}</Table.Th>
                    <Table.Th>{t('projects.fields.projet')}</Table.Th>
                    <Table.Th>{t('projects.fields.ville')}</Table.Th>
                    <Table.Th>{t('projects.fields.state')}</Table.Th>
                    <Table.Th>{t('projects.fields.stage')}</Table.Th>
                    <Table.Th>{t('projects.adminList.date')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/single-projet/${p.id}`} style={{ whiteSpace: 'nowrap' }}>
                          n° {p.id}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{p.client_name}</Text>
                        <Text size="xs" c="dimmed">
                          {p.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {p.category_name} — {p.bien_name}
                      </Table.Td>
                      <Table.Td>
                        {p.codePostale} {p.ville}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <StateBadge state={p.state} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <StageBadge stage={p.stage} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )
      )}
    </Stack>
  );
}
