import { useState } from 'react';
import { Anchor, Badge, Group, Pagination, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate } from '../../../lib/format';
import { useProfessions, useDepartements, ValidationBadge } from '../../professionals';
import { useAccounts, type AccountFilters } from '../api/accounts';
import { SearchAndSort } from './account-filters';
import { LeadsPanel } from './leads-panel';

/** `/gestion-user/pro-list`: professionals with validation state, trade, département, completeness. */
export default function ProsScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AccountFilters>({ group: 'pro', page: 1 });
  const [q] = useDebouncedValue(filters.q ?? '', 300);
  const list = useAccounts({ ...filters, q });
  const professions = useProfessions();
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
          data={(professions.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
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
      <ErrorAlert error={list.error} />
      {!list.data ? (
        <ScreenLoader />
      ) : list.data.items.length === 0 ? (
        <Text>{t('users.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('common.results', { count: list.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover data-testid="pros-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.company')}</Table.Th>
                  <Table.Th>{t('users.contact')}</Table.Th>
                  <Table.Th>{t('users.filters.profession')}</Table.Th>
                  <Table.Th>{t('users.dep')}</Table.Th>
                  <Table.Th>{t('users.completeness')}</Table.Th>
                  <Table.Th>{t('users.filters.validation')}</Table.Th>
                  <Table.Th>{t('users.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((u) => (
                  <Table.Tr key={u.id} data-testid={`pro-row-${u.id}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/gestion-user/professionnel/${u.id}`} fw={600}>
                        {u.company?.raison_sociale || t('users.noCompanyName')}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {u.company?.siret ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {u.firstname} {u.lastname}
                      <Text size="xs" c="dimmed">
                        {u.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {u.company?.profession_name ?? '—'}
                      <Badge ml={4} size="xs" variant="outline">
                        {t(`users.roles.${u.user_type}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{u.company?.departement ?? '—'}</Table.Td>
                    <Table.Td w={140}>
                      <Progress value={u.company?.completeness_percent ?? 0} color={(u.company?.completeness_percent ?? 0) === 100 ? 'teal' : 'orange'} aria-hidden />
                      <Text size="xs">{u.company?.completeness_percent ?? 0} %</Text>
                    </Table.Td>
                    <Table.Td>
                      <ValidationBadge state={u.is_validate} />
                    </Table.Td>
                    <Table.Td>{formatDate(u.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="center">
            <Pagination value={filters.page} onChange={(page) => setFilters({ ...filters, page })} total={Math.max(1, Math.ceil(list.data.total / list.data.per_page))} />
          </Group>
        </>
      )}
      <LeadsPanel />
    </Stack>
  );
}
