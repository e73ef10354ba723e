import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROJECT_STAGES, PROJECT_STATES } from '@ouvrage/domain';
import { ListScreen } from '../../../components/ui/list-screen';
import { choiceFilter, dateFilter, optionFilter, textFilter, useListQuery } from '../../../lib/list-query';
import { formatDate } from '../../../lib/format';
import { useCatalogLabels, usePublicCategories } from '../../catalog';
import { adminProjectsQuery } from '../api/project-lists';
import { StageBadge, StateBadge } from './project-fields';

const FILTERS = {
  q: textFilter(),
  state: choiceFilter(PROJECT_STATES),
  stage: choiceFilter(PROJECT_STAGES),
  category_id: optionFilter(),
  departement: textFilter(),
  date_from: dateFilter(),
  date_to: dateFilter(),
};

/** The admin's project list: search, filters (state, stage, category, département, dates), pagination. */
export default function AdminProjectsSection() {
  const { t } = useTranslation();
  const categories = usePublicCategories();
  const catalog = useCatalogLabels();
  // Its parameters are prefixed: the admin's dashboard holds other sections.
  const list = useListQuery({ filters: FILTERS, prefix: 'projets', query: adminProjectsQuery });

  return (
    <ListScreen
      list={list}
      variant="section"
      title={t('projects.adminList.title')}
      data-testid="admin-projects"
      filterLayout="grid"
      filters={[
        { type: 'search', name: 'q', label: t('common.search'), placeholder: t('projects.adminList.searchPlaceholder') },
        {
          type: 'select',
          name: 'state',
          label: t('projects.fields.state'),
          options: PROJECT_STATES.map((s) => ({ value: s, label: t(`projects.states.${s}`) })),
        },
        {
          type: 'select',
          name: 'stage',
          label: t('projects.fields.stage'),
          options: PROJECT_STAGES.map((s) => ({ value: s, label: t(`projects.stages.${s}`) })),
        },
        {
          type: 'select',
          name: 'category_id',
          label: t('projects.fields.projet'),
          options: (categories.data ?? []).map((c) => ({ value: String(c.id), label: catalog.text(c).name })),
        },
        { type: 'search', name: 'departement', label: t('projects.adminList.departement'), placeholder: '75, 2A, 974', maxLength: 3 },
        {
          type: 'dateRange',
          from: 'date_from',
          to: 'date_to',
          label: t('projects.adminList.date'),
          fromLabel: t('projects.adminList.from'),
          toLabel: t('projects.adminList.to'),
        },
      ]}
      emptyText={t('projects.adminList.none')}
      table={{
        rowKey: (p) => p.id,
        // Narrower than its columns (a phone, or 1 366 px with the menu open), the table scrolls with a visible cue.
        minWidth: 1000,
        columns: [
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
        ],
      }}
    />
  );
}
