import { Anchor, Button, Group, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@ouvrage/contracts';
import { calendarDateAt, INVOICE_KINDS, INVOICE_STATUSES } from '@ouvrage/domain';
import { ListScreen } from '../../../components/ui/list-screen';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { InvoiceSettingsLink } from '../../bank-transfers';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatEuros } from '../../../lib/format';
import { invoiceListQuery } from '../api/invoice-list';
import { useCatalogLabels } from '../../catalog';
import { choiceFilter, textFilter, useListQuery } from '../../../lib/list-query';
import { ltr } from '../model/isolate';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { AccountingExportButton } from './accounting-export';
import { EReportingLink } from '../../e-reporting';

const PER_PAGE = 20;

/**
 * `/facture/list`: an architect's issued invoices, a client's received ones (with the architect),
 * every invoice for an admin (with both). Filter by status, kind, search; a row opens the detail.
 */
export default function InvoicesScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const role = user?.user_type === 'admin' ? 'admin' : user?.user_type === 'client' ? 'client' : 'architect';
  const list = useListQuery({
    filters: { search: textFilter(), status: choiceFilter(INVOICE_STATUSES), kind: choiceFilter(INVOICE_KINDS) },
    perPage: PER_PAGE,
    query: invoiceListQuery,
    enabled: !!user,
  });

  const columns: PagedTableColumn<InvoiceListItem>[] = [
    {
      key: 'number',
      header: t('invoices.list.number'),
      nowrap: true,
      card: 'title',
      cell: (i) => (
        <Anchor component={Link} to={`/facture/${i.id}`} fw={600} data-testid={`invoice-link-${i.id}`}>
          {i.number}
        </Anchor>
      ),
    },
    { key: 'kind', header: t('invoices.list.kind'), cell: (i) => t(`invoices.kinds.${i.kind}`) },
    { key: 'quote', header: t('invoices.list.quote'), nowrap: true, cell: (i) => i.quote_label },
    { key: 'project', header: t('invoices.list.project'), card: 'detail', cell: (i) => <bdi>{catalog.project(i.project_name)}</bdi> },
    ...(role !== 'client' ? [{ key: 'client', header: t('invoices.list.client'), card: 'detail' as const, cell: (i: InvoiceListItem) => i.client_name }] : []),
    ...(role !== 'architect' ? [{ key: 'issuer', header: t('invoices.list.issuer'), cell: (i: InvoiceListItem) => i.issuer_name }] : []),
    { key: 'status', header: t('invoices.list.status'), nowrap: true, card: 'badge', cell: (i) => <InvoiceStatusBadge status={i.status} /> },
    { key: 'ttc', header: t('invoices.list.amountTtc'), align: 'end', nowrap: true, card: 'figure', cell: (i) => ltr(formatEuros(i.total_ttc_cents)) },
    { key: 'left', header: t('invoices.list.leftToPay'), align: 'end', nowrap: true, card: 'figure', cell: (i) => ltr(formatEuros(i.left_to_pay_cents)) },
    // The client's next step, beside the balance: pay what is left, on the invoice page, its pay button
    // focused beside the warnings it may give (a transfer already declared), decision 1204.
    ...(role === 'client'
      ? [
          {
            key: 'pay',
            header: <VisuallyHidden>{t('invoices.list.next')}</VisuallyHidden>,
            nowrap: true,
            card: 'action' as const,
            cell: (i: InvoiceListItem) =>
              i.status !== 'Annulée' &&
              i.left_to_pay_cents > 0 && (
                <Button
                  component={Link}
                  to={`/facture/${i.id}?payer=1`}
                  size="compact-sm"
                  aria-label={t('invoices.list.payLabel', { number: i.number })}
                  onClick={(event) => event.stopPropagation()}
                  data-testid={`invoice-pay-${i.id}`}
                >
                  {t('invoices.list.pay')}
                </Button>
              ),
          },
        ]
      : []),
    { key: 'issued', header: t('invoices.list.issuedOn'), nowrap: true, cell: (i) => ltr(formatDate(i.issue_date)) },
    { key: 'due', header: t('invoices.list.dueOn'), nowrap: true, card: 'detail', cell: (i) => ltr(formatDate(i.due_date)) },
  ];

  const title = role === 'client' ? t('invoices.list.mine') : t('invoices.list.title');
  return (
    <ListScreen
      list={list}
      title={title}
      actions={
        role === 'architect' && (
          <Group gap="sm">
            <InvoiceSettingsLink />
            <AccountingExportButton today={calendarDateAt(new Date())} />
            <EReportingLink />
          </Group>
        )
      }
      filters={[
        { type: 'search', name: 'search', label: t('invoices.list.search'), placeholder: t('invoices.list.searchPlaceholder') },
        {
          type: 'select',
          name: 'status',
          label: t('invoices.list.status'),
          placeholder: t('invoices.list.allStatuses'),
          options: INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.statuses.${s}`) })),
          maw: 220,
          testId: 'invoice-status-filter',
        },
        {
          type: 'select',
          name: 'kind',
          label: t('invoices.list.kind'),
          placeholder: t('invoices.list.allKinds'),
          options: INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoices.kinds.${k}`) })),
          maw: 220,
        },
      ]}
      emptyText={role === 'client' ? t('invoices.list.emptyClient') : t('invoices.list.empty')}
      table={{
        columns,
        rowKey: (i) => i.id,
        minWidth: 1040,
        rowProps: (i) => ({ 'data-testid': `invoice-row-${i.id}`, onClick: () => navigate(`/facture/${i.id}`), style: { cursor: 'pointer' } }),
        'data-testid': 'invoices-table',
      }}
    />
  );
}
