import { useState } from 'react';
import { Anchor, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROJECT_STAGES, PROJECT_STATES } from '@ouvrage/domain';
import { PagedTable } from '../../../components/ui/paged-table';
import { formatDate } from '../../../lib/format';
import { useCatalogLabels, usePublicCategories } from '../../catalog';
import { DateField } from '../../../components/ui/date-field';
import type { ProjectSummary } from '@ouvrage/contracts';
import { useAdminProjects, type AdminProjectFilters } from '../api/project-lists';
import { StageBadge, StateBadge } from './project-fields';
import { resultsCount } from '../../../lib/results-count';

const EMPTY: AdminProjectFilters = { q: '', state: null, stage: null, category_id: null, departement: '', date_from: '', date_to: '' };

/** The admin's project list: search, filters (state, stage, category, département, dates), pagination. */
export default function AdminProjectsSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminProjectFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const categories = usePublicCategories();
  const catalog = useCatalogLabels();
  const list = useAdminProjects(filters, page);
  const set = (key: keyof AdminProjectFilters, value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  return (
    <Stack gap="sm" data-testid="admin-projects">
      <Title order={2} size="h4">
        {t('projects.adminList.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput label={t('common.search')} placeholder={t('projects.adminList.searchPlaceholder')} value={filters.q} onChange={(e) => set('q', e.currentTarget.value)} />
        <Select label={t('projects.fields.state')} data={PROJECT_STATES.map((s) => ({ value: s, label: t(`projects.states.${s}`) }))} value={filters.state} onChange={(v) => set('state', v)} clearable />
        <Select label={t('projects.fields.stage')} data={PROJECT_STAGES.map((s) => ({ value: s, label: t(`projects.stages.${s}`) }))} value={filters.stage} onChange={(v) => set('stage', v)} clearable />
        <Select label={t('projects.fields.projet')} data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: catalog.text(c).name }))} value={filters.category_id} onChange={(v) => set('category_id', v)} clearable />
        <TextInput label={t('projects.adminList.departement')} placeholder="75, 2A, 974" value={filters.departement} onChange={(e) => set('departement', e.currentTarget.value)} maxLength={3} />
        <DateField label={t('projects.adminList.from')} value={filters.date_from} onChange={(v) => set('date_from', v)} />
        <DateField label={t('projects.adminList.to')} value={filters.date_to} onChange={(v) => set('date_to', v)} />
      </SimpleGrid>
      {list.data && (
        <Text size="sm" c="dimmed">
          {resultsCount(t, list.data)}
        </Text>
      )}
      {/* Narrower than its columns (a phone, or 1 366 px with the menu open), the table scrolls with a visible cue. */}
      <PagedTable<ProjectSummary>
        caption={t('projects.adminList.title')}
        captionHidden
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isPending}
        error={list.error}
        emptyText={t('projects.adminList.none')}
        page={page}
        perPage={list.data?.per_page}
        total={list.data?.total}
        onPageChange={setPage}
        minWidth={1000}
        columns={[
          {
            key: 'number',
            header: t('projects.adminList.number'),
            nowrap: true,
            cell: (p) => (
              <Anchor component={Link} to={`/single-projet/${p.id}`}>
                {t('projects.number', { id: p.id })}
              </Anchor>
            ),
          },
          {
            key: 'client',
            header: t('projects.adminList.client'),
            cell: (p) => (
              <>
                <Text size="sm">{p.client_name}</Text>
                <Text size="xs" c="dimmed">
                  {p.email}
                </Text>
              </>
            ),
          },
          { key: 'projet', header: t('projects.fields.projet'), cell: (p) => `${catalog.category(p.category_name)} — ${catalog.bien(p.bien_name)}` },
          { key: 'ville', header: t('projects.fields.ville'), cell: (p) => `${p.codePostale} ${p.ville}` },
          { key: 'state', header: t('projects.fields.state'), nowrap: true, cell: (p) => <StateBadge state={p.state} /> },
          { key: 'stage', header: t('projects.fields.stage'), nowrap: true, cell: (p) => <StageBadge stage={p.stage} /> },
          { key: 'date', header: t('projects.adminList.date'), nowrap: true, cell: (p) => formatDate(p.created_at) },
        ]}
      />
    </Stack>
  );
}
