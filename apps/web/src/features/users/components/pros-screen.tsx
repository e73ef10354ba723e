import { Anchor, Badge, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/ui/list-screen';
import { useListQuery } from '../../../lib/list-query';
import { formatDate } from '../../../lib/format';
import { useProfessions, useDepartements, useTradeNames, ValidationBadge } from '../../professionals';
import { accountsQuery } from '../api/accounts';
import { proFilters, searchAndSort } from './account-filters';
import { LeadsPanel } from './leads-panel';

/** `/gestion-user/pro-list`: professionals with validation state, trade, département, completeness. */
export default function ProsScreen() {
  const { t } = useTranslation();
  const list = useListQuery({ filters: proFilters, query: (request) => accountsQuery({ group: 'pro', ...request }) });
  const professions = useProfessions();
  const names = useTradeNames();
  const departements = useDepartements();

  return (
    <Stack>
      <ListScreen
        list={list}
        title={t('menu.professionals')}
        filters={[
          ...searchAndSort(t, 'pro'),
          {
            type: 'select',
            name: 'is_validate',
            label: t('users.filters.validation'),
            w: 180,
            options: ['En attente', 'Validé', 'Refusé'].map((v) => ({ value: v, label: t(`professionals.states.${v}`) })),
            testId: 'filter-validation',
          },
          {
            type: 'select',
            name: 'user_type',
            label: t('users.filters.role'),
            w: 180,
            options: ['professionnel', 'dessinateur', 'architecte'].map((v) => ({ value: v, label: t(`users.roles.${v}`) })),
          },
          {
            type: 'select',
            name: 'profession_id',
            label: t('users.filters.profession'),
            searchable: true,
            w: 220,
            options: (professions.data ?? []).map((p) => ({ value: String(p.id), label: names.profession(p) })),
          },
          {
            type: 'select',
            name: 'departement',
            label: t('users.filters.departement'),
            searchable: true,
            w: 220,
            options: (departements.data ?? []).map((d) => ({ value: d.code, label: `${d.code} — ${d.nom}` })),
          },
        ]}
        emptyText={t('users.empty')}
        table={{
          'data-testid': 'pros-table',
          rowKey: (u) => u.id,
          rowProps: (u) => ({ 'data-testid': `pro-row-${u.id}` }),
          minWidth: 900,
          columns: [
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
                  <Progress
                    value={u.company?.completeness_percent ?? 0}
                    color={(u.company?.completeness_percent ?? 0) === 100 ? 'teal' : 'orange'}
                    aria-hidden
                  />
                  <Text size="xs">{u.company?.completeness_percent ?? 0} %</Text>
                </>
              ),
            },
            { key: 'validation', header: t('users.filters.validation'), nowrap: true, cell: (u) => <ValidationBadge state={u.is_validate} /> },
            { key: 'created', header: t('users.createdAt'), cell: (u) => formatDate(u.created_at), nowrap: true },
          ],
        }}
      />
      <LeadsPanel />
    </Stack>
  );
}
