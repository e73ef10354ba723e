import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES, type PaymentItem } from '@ouvrage/contracts';
import { ListScreen } from '../../../components/ui/list-screen';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { useCurrentUser } from '../../../lib/auth';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { invoiceName } from '../../../lib/invoice-name';
import { paymentListQuery } from '../api/payment-list';
import { choiceFilter, useListQuery } from '../../../lib/list-query';
import { ltr } from '../model/isolate';
import { PaymentStatusBadge } from './payment-status-badge';

const PER_PAGE = 20;

/** `/payment/list` (client menu « Paiement », with the user id in the state): the client's payments, newest first. */
export default function PaymentsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const stateId = (location.state as { userId?: unknown } | null)?.userId;
  const userId = typeof stateId === 'number' ? stateId : (user?.id ?? 0);
  const list = useListQuery({ filters: { status: choiceFilter(PAYMENT_STATUSES) }, perPage: PER_PAGE, query: (request) => paymentListQuery(userId, request) });

  const columns: PagedTableColumn<PaymentItem>[] = [
    { key: 'date', header: t('payments.list.date'), nowrap: true, card: 'detail', cell: (p) => formatDateTime(p.confirmed_at ?? p.created_at) },
    {
      key: 'invoice',
      header: t('payments.list.invoice'),
      nowrap: true,
      card: 'title',
      cell: (p) => (
        <Anchor component={Link} to={`/facture/${p.invoice_id}`} fw={600} data-testid={`payment-invoice-${p.id}`}>
          {p.invoice_number}
        </Anchor>
      ),
    },
    { key: 'title', header: t('payments.list.title'), cell: (p) => invoiceName(t, p.invoice_name) },
    { key: 'method', header: t('payments.list.method'), nowrap: true, card: 'detail', cell: (p) => t(`payments.methods.${p.method}`) },
    {
      key: 'status',
      header: t('payments.list.status'),
      nowrap: true,
      card: 'badge',
      cell: (p) => <PaymentStatusBadge status={p.status} failure={p.failure} method={p.method} debitSubmitted={p.debit_submitted} />,
    },
    { key: 'amount', header: t('payments.list.amount'), align: 'end', nowrap: true, card: 'figure', cell: (p) => ltr(formatEuros(p.amount_cents)) },
  ];

  return (
    <ListScreen
      list={list}
      title={t('payments.list.heading')}
      filters={[
        {
          type: 'select',
          name: 'status',
          label: t('payments.list.status'),
          placeholder: t('payments.list.allStatuses'),
          options: PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) })),
          maw: 240,
        },
      ]}
      emptyText={t('payments.list.empty')}
      table={{ columns, rowKey: (p) => p.id, minWidth: 760, rowProps: (p) => ({ 'data-testid': `payment-row-${p.id}` }), 'data-testid': 'payments-table' }}
    />
  );
}
