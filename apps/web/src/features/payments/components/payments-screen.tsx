import { useState } from 'react';
import { Anchor, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES, type PaymentItem, type PaymentStatus } from '@ouvrage/contracts';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useCurrentUser } from '../../../lib/auth';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { usePaymentList } from '../api/payment-list';
import { ltr } from '../model/isolate';
import { PaymentStatusBadge } from './payment-status-badge';
import { resultsCount } from '../../../lib/results-count';

const PER_PAGE = 20;

/** `/payment/list` (client menu « Paiement », with the user id in the state): the client's payments, newest first. */
export default function PaymentsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const stateId = (location.state as { userId?: unknown } | null)?.userId;
  const userId = typeof stateId === 'number' ? stateId : (user?.id ?? 0);
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = usePaymentList(userId, { page, per_page: PER_PAGE, status: status ?? undefined });

  const columns: PagedTableColumn<PaymentItem>[] = [
    { key: 'date', header: t('payments.list.date'), nowrap: true, cell: (p) => formatDateTime(p.confirmed_at ?? p.created_at) },
    {
      key: 'invoice',
      header: t('payments.list.invoice'),
      nowrap: true,
      cell: (p) => (
        <Anchor component={Link} to={`/facture/${p.invoice_id}`} fw={600} data-testid={`payment-invoice-${p.id}`}>
          {p.invoice_number}
        </Anchor>
      ),
    },
    { key: 'title', header: t('payments.list.title'), cell: (p) => p.invoice_title },
    { key: 'method', header: t('payments.list.method'), nowrap: true, cell: (p) => t(`payments.methods.${p.method}`) },
    { key: 'status', header: t('payments.list.status'), nowrap: true, cell: (p) => <PaymentStatusBadge status={p.status} failure={p.failure} /> },
    { key: 'amount', header: t('payments.list.amount'), align: 'end', nowrap: true, cell: (p) => ltr(formatEuros(p.amount_cents)) },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('payments.list.heading')}
      </Title>
      <Select
        label={t('payments.list.status')}
        placeholder={t('payments.list.allStatuses')}
        data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
        value={status}
        onChange={(value) => {
          setStatus(value as PaymentStatus | null);
          setPage(1);
        }}
        clearable
        maw={240}
      />
      {list.data && (
        <Text size="sm" c="dimmed" role="status">
          {resultsCount(t, list.data)}
        </Text>
      )}
      <PagedTable<PaymentItem>
        caption={t('payments.list.heading')}
        captionHidden
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isPending}
        error={list.error}
        emptyText={t('payments.list.empty')}
        page={page}
        perPage={PER_PAGE}
        total={list.data?.total}
        onPageChange={setPage}
        minWidth={760}
        rowProps={(p) => ({ 'data-testid': `payment-row-${p.id}` })}
        data-testid="payments-table"
        columns={columns}
      />
    </Stack>
  );
}
