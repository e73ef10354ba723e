import { useState } from 'react';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteListItem } from '@ouvrage/contracts';
import { QUOTE_STATUSES, type QuoteStatus } from '@ouvrage/domain';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatEuros } from '../../../lib/format';
import { useQuoteList } from '../api/quote-list';
import { QuoteStatusBadge } from './quote-status-badge';
import { resultsCount } from '../../../lib/results-count';
import { shownQuoteLabel } from './quote-label';

const PER_PAGE = 20;
const SORTS = ['recent', 'amount', 'valid_until'] as const;
type Sort = (typeof SORTS)[number];

/**
 * `/devis/list`: an architect's quotes, every quote for an admin (with the issuer), « Mes devis »
 * for a client (with the architect). Filter by status, search, sort, pages; a row opens the detail.
 */
export default function QuotesScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const role = user?.user_type === 'admin' ? 'admin' : user?.user_type === 'client' ? 'client' : 'architect';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [sort, setSort] = useState<Sort>('recent');
  const [page, setPage] = useState(1);
  const quotes = useQuoteList(
    role === 'admin' ? null : (user?.id ?? 0),
    { page, per_page: PER_PAGE, status: status ?? undefined, search: debounced || undefined, sort },
    !!user,
  );

  const columns: PagedTableColumn<QuoteListItem>[] = [
    {
      key: 'label',
      header: t('quotes.list.label'),
      nowrap: true,
      cell: (q) => (
        <Anchor component={Link} to={`/devis/${q.id}`} fw={600} data-testid={`quote-link-${q.id}`}>
          {shownQuoteLabel(q, t)}
        </Anchor>
      ),
    },
    { key: 'title', header: t('quotes.list.object'), cell: (q) => q.title },
    { key: 'project', header: t('quotes.list.project'), cell: (q) => q.project_title },
    ...(role === 'client'
      ? [{ key: 'issuer', header: t('quotes.list.architect'), cell: (q: QuoteListItem) => q.issuer_name }]
      : [{ key: 'client', header: t('quotes.list.client'), cell: (q: QuoteListItem) => q.client_name }]),
    ...(role === 'admin' ? [{ key: 'issuer', header: t('quotes.list.issuer'), cell: (q: QuoteListItem) => q.issuer_name }] : []),
    { key: 'status', header: t('quotes.list.status'), nowrap: true, cell: (q) => <QuoteStatusBadge status={q.status} /> },
    { key: 'ttc', header: t('quotes.list.amountTtc'), align: 'end', nowrap: true, cell: (q) => formatEuros(q.total_ttc_cents) },
    { key: 'sent', header: t('quotes.list.sentAt'), nowrap: true, cell: (q) => formatDate(q.sent_at) || '—' },
    { key: 'valid', header: t('quotes.list.validUntil'), nowrap: true, cell: (q) => formatDate(q.valid_until) || '—' },
  ];

  const title = role === 'client' ? t('quotes.list.mine') : t('quotes.list.title');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group>
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
        </Group>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('quotes.list.search')}
          placeholder={t('quotes.list.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          miw={260}
        />
        <Select
          label={t('quotes.list.status')}
          placeholder={t('quotes.list.allStatuses')}
          data={QUOTE_STATUSES.map((s) => ({ value: s, label: t(`quotes.statuses.${s}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as QuoteStatus | null);
            setPage(1);
          }}
          clearable
          maw={220}
        />
        <Select
          label={t('quotes.list.sort')}
          data={SORTS.map((s) => ({ value: s, label: t(`quotes.list.sorts.${s}`) }))}
          value={sort}
          onChange={(value) => {
            setSort((value as Sort | null) ?? 'recent');
            setPage(1);
          }}
          allowDeselect={false}
          maw={240}
        />
      </Group>
      {quotes.data && (
        <Text size="sm" c="dimmed" role="status">
          {resultsCount(t, quotes.data)}
        </Text>
      )}
      <PagedTable<QuoteListItem>
        caption={title}
        captionHidden
        rows={quotes.data?.items}
        rowKey={(q) => q.id}
        loading={quotes.isPending}
        error={quotes.error}
        emptyText={role === 'client' ? t('quotes.list.emptyClient') : t('quotes.list.empty')}
        page={page}
        perPage={PER_PAGE}
        total={quotes.data?.total}
        onPageChange={setPage}
        minWidth={980}
        // The whole row opens the detail for the mouse; the label link is the keyboard's way in.
        rowProps={(q) => ({ 'data-testid': `quote-row-${q.id}`, onClick: () => navigate(`/devis/${q.id}`), style: { cursor: 'pointer' } })}
        data-testid="quotes-table"
        columns={columns}
      />
    </Stack>
  );
}
