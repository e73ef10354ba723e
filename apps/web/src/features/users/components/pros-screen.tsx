import { useState } from 'react';
import { Anchor, Badge, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { formatDate } from '../../../lib/format';
import { useProfessions, useDepartements, useTradeNames, ValidationBadge } from '../../professionals';
import { useAccounts, type AccountFilters, type AccountListItem } from '../api/accounts';
import { SearchAndSort } from './account-filters';
import { LeadsPanel } from './leads-panel';
import { resultsCount } from '../../../lib/results-count';

/** `/gestion-user/pro-list`: professionals with validation state, trade, département, completeness. */
export default function ProsScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AccountFilters>({ group: 'pro', page: 1 });
  const [q] = useDebouncedValue(filters.q ?? '', 300);
  const list = useAccounts({ ...filters, q });
  const professions = useProfessions();
  const names = useTradeNames();
  const departements = useDepartements();
  const set = (patch: Partial<AccountFilters>) => setFilters({ ...filters, ...patch, page: 1 });

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('menu.professionals')}
      </Title>
      <SearchAndSort filters={filters} onChange={setFilters} />
      <Group>
        <Select
          label={t('users.filters.validation')}
          clearable
          w={180}
          data={['En attente', 'Validé', 'Refusé'].map((v) => ({ value: v, label: t(`professionals.states.${v}`) }))}
          value={filters.is_validate ?? null}
          onChange={(v) => set({ is_validate: v })}
          comboboxProps={{ withinPortal: true }}
          data-testid="filter-validation"
        />
        <Select
          label={t('users.filters.role')}
          clearable
          w={180}
          data={['professionnel', 'dessinateur', 'architecte'].map((v) => ({ value: v, label: t(`users.roles.${v}`) }))}
          value={filters.user_type ?? null}
          onChange={(v) => set({ user_type: v })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('users.filters.profession')}
          clearable
          searchable
          w={220}
          data={(professions.data ?? []).map((p) => ({ value: String(p.id), label: names.profession(p) }))}
          value={filters.profession_id ?? null}
          onChange={(v) => set({ profession_id: v })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('users.filters.departement')}
          clearable
          searchable
          w={220}
          data={(departements.data ?? []).map((d) => ({ value: d.code, label: `${d.code} — ${d.nom}` }))}
          value={filters.departement ?? null}
          onChange={(v) => set({ departement: v })}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {list.data && (
        <Text size="sm" c="dimmed">
          {resultsCount(t, list.data)}
        </Text>
      )}
      <PagedTable<AccountListItem>
        caption={t('menu.professionals')}
        captionHidden
        data-testid="pros-table"
        rows={list.data?.items}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ 'data-testid': `pro-row-${u.id}` })}
        loading={!list.data}
        error={list.error}
        emptyText={t('users.empty')}
        minWidth={900}
        page={filters.page}
        perPage={list.data?.per_page}
        total={list.data?.total}
        onPageChange={(page) => setFilters({ ...filters, page })}
        columns={[
          {
            key: 'company',
            header: t('users.company'),
            cell: (u) => (
              <>
                <Anchor component={Link} to={`/gestion-user/professionnel/${u.id}`} fw={600}>
                  {u.company?.raison_sociale || t('users.noCompanyName')}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {u.company?.siret ?? ''}
                </Text>
              </>
            ),
          },
          {
            key: 'contact',
            header: t('users.contact'),
            cell: (u) => (
              <>
                {u.firstname} {u.lastname}
                <Text size="xs" c="dimmed">
                  {u.email}
                </Text>
              </>
            ),
          },
          {
            key: 'profession',
            header: t('users.filters.profession'),
            cell: (u) => (
              <>
                {u.company?.profession_name ? names.professionNamed(u.company.profession_name) : '—'}
                <Badge ms={4} size="xs" variant="outline">
                  {t(`users.roles.${u.user_type}`)}
                </Badge>
              </>
            ),
          },
          { key: 'dep', header: t('users.dep'), cell: (u) => u.company?.departement ?? '—' },
          {
            key: 'completeness',
            header: t('users.completeness'),
            width: 140,
            cell: (u) => (
              <>
                <Progress value={u.company?.completeness_percent ?? 0} color={(u.company?.completeness_percent ?? 0) === 100 ? 'teal' : 'orange'} aria-hidden />
                <Text size="xs">{u.company?.completeness_percent ?? 0} %</Text>
              </>
            ),
          },
          { key: 'validation', header: t('users.filters.validation'), nowrap: true, cell: (u) => <ValidationBadge state={u.is_validate} /> },
          { key: 'created', header: t('users.createdAt'), cell: (u) => formatDate(u.created_at), nowrap: true },
        ]}
      />
      <LeadsPanel />
    </Stack>
  );
}
