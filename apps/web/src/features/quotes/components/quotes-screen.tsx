import { Anchor, Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteListItem } from '@ouvrage/contracts';
import { QUOTE_STATUSES } from '@ouvrage/domain';
import { ListScreen } from '../../../components/ui/list-screen';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatEuros } from '../../../lib/format';
import { quoteListQuery } from '../api/quote-list';
import { useCatalogLabels } from '../../catalog';
import { choiceFilter, textFilter, useListQuery } from '../../../lib/list-query';
import { QuoteStatusBadge } from './quote-status-badge';
import { shownQuoteLabel } from './quote-label';

const PER_PAGE = 20;
const SORTS = ['recent', 'amount', 'valid_until'] as const;

/**
 * `/devis/list`: an architect's quotes, every quote for an admin (with the issuer), « Mes devis »
 * for a client (with the architect). Filter by status, search, sort, pages; a row opens the detail.
 */
export default function QuotesScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const role = user?.user_type === 'admin' ? 'admin' : user?.user_type === 'client' ? 'client' : 'architect';
  const list = useListQuery({
    filters: { search: textFilter(), status: choiceFilter(QUOTE_STATUSES), sort: choiceFilter(SORTS, 'recent') },
    perPage: PER_PAGE,
    query: (request) => quoteListQuery(role === 'admin' ? null : (user?.id ?? 0), request),
    enabled: !!user,
  });

  const columns: PagedTableColumn<QuoteListItem>[] = [
    {
      key: 'label',
      header: t('quotes.list.label'),
      nowrap: true,
      card: 'title',
      cell: (q) => (
        <Anchor component={Link} to={`/devis/${q.id}`} fw={600} data-testid={`quote-link-${q.id}`}>
          {shownQuoteLabel(q, t)}
        </Anchor>
      ),
    },
    { key: 'title', header: t('quotes.list.object'), cell: (q) => <bdi>{q.title}</bdi> },
    { key: 'project', header: t('quotes.list.project'), card: 'detail', cell: (q) => <bdi>{catalog.project(q.project_name)}</bdi> },
    ...(role === 'client'
      ? [{ key: 'issuer', header: t('quotes.list.architect'), card: 'detail' as const, cell: (q: QuoteListItem) => q.issuer_name }]
      : [{ key: 'client', header: t('quotes.list.client'), card: 'detail' as const, cell: (q: QuoteListItem) => q.client_name }]),
    ...(role === 'admin' ? [{ key: 'issuer', header: t('quotes.list.issuer'), cell: (q: QuoteListItem) => q.issuer_name }] : []),
    { key: 'status', header: t('quotes.list.status'), nowrap: true, card: 'badge', cell: (q) => <QuoteStatusBadge status={q.status} /> },
    { key: 'ttc', header: t('quotes.list.amountTtc'), align: 'end', nowrap: true, card: 'figure', cell: (q) => formatEuros(q.total_ttc_cents) },
    { key: 'sent', header: t('quotes.list.sentAt'), nowrap: true, cell: (q) => formatDate(q.sent_at) || '—' },
    { key: 'valid', header: t('quotes.list.validUntil'), nowrap: true, card: 'figure', cell: (q) => formatDate(q.valid_until) || '—' },
  ];

  const title = role === 'client' ? t('quotes.list.mine') : t('quotes.list.title');
  return (
    <ListScreen
      list={list}
      title={title}
      actions={
        <>
          {role === 'admin' && (
            <Anchor component={Link} to="/devis/parametre">
              {t('quotes.list.defaults')}
            </Anchor>
          )}
          {role === 'architect' && (
            <>
              <Button component={Link} to="/devis/architect-validation-list" variant="default">
                {t('quotes.validation.title')}
              </Button>
              <Button component={Link} to="/devis/new" data-testid="new-quote">
                {t('quotes.list.new')}
              </Button>
            </>
          )}
        </>
      }
      filters={[
        { type: 'search', name: 'search', label: t('quotes.list.search'), placeholder: t('quotes.list.searchPlaceholder') },
        {
          type: 'select',
          name: 'status',
          label: t('quotes.list.status'),
          placeholder: t('quotes.list.allStatuses'),
          options: QUOTE_STATUSES.map((s) => ({ value: s, label: t(`quotes.statuses.${s}`) })),
          maw: 220,
        },
        { type: 'select', name: 'sort', label: t('quotes.list.sort'), options: SORTS.map((s) => ({ value: s, label: t(`quotes.list.sorts.${s}`) })), maw: 240 },
      ]}
      emptyText={role === 'client' ? t('quotes.list.emptyClient') : t('quotes.list.empty')}
      table={{
        columns,
        rowKey: (q) => q.id,
        minWidth: 980,
        // The whole row opens the detail for the mouse; the label link is the keyboard's way in.
        rowProps: (q) => ({ 'data-testid': `quote-row-${q.id}`, onClick: () => navigate(`/devis/${q.id}`), style: { cursor: 'pointer' } }),
        'data-testid': 'quotes-table',
      }}
    />
  );
}
