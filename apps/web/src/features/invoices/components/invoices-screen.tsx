import { useState } from 'react';
import { Anchor, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@ouvrage/contracts';
import { INVOICE_KINDS, INVOICE_STATUSES, type InvoiceKind, type InvoiceStatus } from '@ouvrage/domain';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { InvoiceSettingsLink } from '../../bank-transfers';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatEuros } from '../../../lib/format';
import { useInvoiceList } from '../api/invoice-list';
import { ltr } from '../model/isolate';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { resultsCount } from '../../../lib/results-count';

const PER_PAGE = 20;

/**
 * `/facture/list`: an architect's issued invoices, a client's received ones (with the architect),
 * every invoice for an admin (with both). Filter by status, kind, search; a row opens the detail.
 */
export default function InvoicesScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const role = user?.user_type === 'admin' ? 'admin' : user?.user_type === 'client' ? 'client' : 'architect';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [kind, setKind] = useState<InvoiceKind | null>(null);
  const [page, setPage] = useState(1);
  const invoices = useInvoiceList({ page, per_page: PER_PAGE, status: status ?? undefined, kind: kind ?? undefined, search: debounced || undefined }, !!user);

  const columns: PagedTableColumn<InvoiceListItem>[] = [
    {
      key: 'number',
      header: t('invoices.list.number'),
      nowrap: true,
      cell: (i) => (
        <Anchor component={Link} to={`/facture/${i.id}`} fw={600} data-testid={`invoice-link-${i.id}`}>
          {i.number}
        </Anchor>
      ),
    },
    { key: 'kind', header: t('invoices.list.kind'), cell: (i) => t(`invoices.kinds.${i.kind}`) },
    { key: 'quote', header: t('invoices.list.quote'), nowrap: true, cell: (i) => i.quote_label },
    { key: 'project', header: t('invoices.list.project'), cell: (i) => ltr(i.project_title) },
    ...(role !== 'client' ? [{ key: 'client', header: t('invoices.list.client'), cell: (i: InvoiceListItem) => i.client_name }] : []),
    ...(role !== 'architect' ? [{ key: 'issuer', header: t('invoices.list.issuer'), cell: (i: InvoiceListItem) => i.issuer_name }] : []),
    { key: 'status', header: t('invoices.list.status'), nowrap: true, cell: (i) => <InvoiceStatusBadge status={i.status} /> },
    { key: 'ttc', header: t('invoices.list.amountTtc'), align: 'end', nowrap: true, cell: (i) => ltr(formatEuros(i.total_ttc_cents)) },
    { key: 'left', header: t('invoices.list.leftToPay'), align: 'end', nowrap: true, cell: (i) => ltr(formatEuros(i.left_to_pay_cents)) },
    { key: 'issued', header: t('invoices.list.issuedOn'), nowrap: true, cell: (i) => ltr(formatDate(i.issue_date)) },
    { key: 'due', header: t('invoices.list.dueOn'), nowrap: true, cell: (i) => ltr(formatDate(i.due_date)) },
  ];

  const title = role === 'client' ? t('invoices.list.mine') : t('invoices.list.title');
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {title}
        </Title>
        {role === 'architect' && <InvoiceSettingsLink />}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('invoices.list.search')}
          placeholder={t('invoices.list.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          miw={260}
        />
        <Select
          label={t('invoices.list.status')}
          placeholder={t('invoices.list.allStatuses')}
          data={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.statuses.${s}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as InvoiceStatus | null);
            setPage(1);
          }}
          clearable
          maw={220}
          data-testid="invoice-status-filter"
        />
        <Select
          label={t('invoices.list.kind')}
          placeholder={t('invoices.list.allKinds')}
          data={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoices.kinds.${k}`) }))}
          value={kind}
          onChange={(value) => {
            setKind(value as InvoiceKind | null);
            setPage(1);
          }}
          clearable
          maw={220}
        />
      </Group>
      {invoices.data && (
        <Text size="sm" c="dimmed" role="status">
          {resultsCount(t, invoices.data)}
        </Text>
      )}
      <PagedTable<InvoiceListItem>
        caption={title}
        captionHidden
        rows={invoices.data?.items}
        rowKey={(i) => i.id}
        loading={invoices.isPending}
        error={invoices.error}
        emptyText={role === 'client' ? t('invoices.list.emptyClient') : t('invoices.list.empty')}
        page={page}
        perPage={PER_PAGE}
        total={invoices.data?.total}
        onPageChange={setPage}
        minWidth={1040}
        rowProps={(i) => ({ 'data-testid': `invoice-row-${i.id}`, onClick: () => navigate(`/facture/${i.id}`), style: { cursor: 'pointer' } })}
        data-testid="invoices-table"
        columns={columns}
      />
    </Stack>
  );
}
