import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteListItem } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedTable } from '../../../components/ui/paged-table';
import { formatDate, formatEuros } from '../../../lib/format';
import { useValidateQuote } from '../api/validate-quote';
import { useValidationList } from '../api/validation-list';
import { QuoteStatusBadge } from './quote-status-badge';

const PER_PAGE = 20;

/** `/devis/architect-validation-list`: accepted (signed) quotes the architect turns into contracts. */
export default function ValidationListScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useValidationList({ page, per_page: PER_PAGE });
  const validate = useValidateQuote();
  const [done, setDone] = useState<string | null>(null);

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('quotes.validation.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('quotes.validation.intro')}
      </Text>
      {done && (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)} closeButtonLabel={t('common.close')}>
          {done}
        </Alert>
      )}
      <ErrorAlert error={validate.error} />
      <PagedTable<QuoteListItem>
        caption={t('quotes.validation.title')}
        captionHidden
        rows={list.data?.items}
        rowKey={(q) => q.id}
        loading={list.isPending}
        error={list.error}
        emptyText={t('quotes.validation.empty')}
        page={page}
        perPage={PER_PAGE}
        total={list.data?.total}
        onPageChange={setPage}
        minWidth={860}
        rowProps={(q) => ({ 'data-testid': `validation-row-${q.id}` })}
        data-testid="validation-table"
        columns={[
          {
            key: 'label',
            header: t('quotes.list.label'),
            nowrap: true,
            cell: (q) => (
              <Anchor component={Link} to={`/devis/${q.id}`} fw={600}>
                {q.label}
              </Anchor>
            ),
          },
          { key: 'title', header: t('quotes.list.object'), cell: (q) => q.title },
          { key: 'project', header: t('quotes.list.project'), cell: (q) => q.project_title },
          { key: 'client', header: t('quotes.list.client'), cell: (q) => q.client_name },
          { key: 'status', header: t('quotes.list.status'), nowrap: true, cell: (q) => <QuoteStatusBadge status={q.status} /> },
          { key: 'ttc', header: t('quotes.list.amountTtc'), align: 'end', nowrap: true, cell: (q) => formatEuros(q.total_ttc_cents) },
          { key: 'updated', header: t('quotes.validation.answeredAt'), nowrap: true, cell: (q) => formatDate(q.updated_at) },
          {
            key: 'action',
            header: t('quotes.validation.action'),
            nowrap: true,
            cell: (q) => (
              <Button
                size="xs"
                color="green"
                loading={validate.isPending && validate.variables === q.id}
                // Only a signed quote becomes a contract (decision 0646): an accepted one waits for its signature.
                disabled={q.status !== 'Signé' || (validate.isPending && validate.variables !== q.id)}
                data-testid={`validate-${q.id}`}
                aria-label={t('quotes.validation.validateLabel', { label: q.label })}
                onClick={() => validate.mutate(q.id, { onSuccess: (r) => setDone(t('quotes.done.validated', { label: r.label })) })}
              >
                {t('quotes.actions.validate')}
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
