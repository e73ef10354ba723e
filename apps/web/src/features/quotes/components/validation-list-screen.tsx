import { useState } from 'react';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ListScreen } from '../../../components/ui/list-screen';
import { useListQuery } from '../../../lib/list-query';
import { formatDate, formatEuros } from '../../../lib/format';
import { useValidateQuote } from '../api/validate-quote';
import { validationListQuery } from '../api/validation-list';
import { useCatalogLabels } from '../../catalog';
import { QuoteStatusBadge } from './quote-status-badge';

const PER_PAGE = 20;

/** `/devis/architect-validation-list`: accepted (signed) quotes the architect turns into contracts. */
export default function ValidationListScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const list = useListQuery({ filters: {}, perPage: PER_PAGE, query: validationListQuery });
  const validate = useValidateQuote();
  const [done, setDone] = useState<string | null>(null);

  return (
    <ListScreen
      list={list}
      title={t('quotes.validation.title')}
      count={false}
      emptyText={t('quotes.validation.empty')}
      table={{
        rowKey: (q) => q.id,
        minWidth: 860,
        rowProps: (q) => ({ 'data-testid': `validation-row-${q.id}` }),
        'data-testid': 'validation-table',
        columns: [
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
          { key: 'title', header: t('quotes.list.object'), cell: (q) => <bdi>{q.title}</bdi> },
          { key: 'project', header: t('quotes.list.project'), cell: (q) => <bdi>{catalog.project(q.project_name)}</bdi> },
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
        ],
      }}
    >
      <Text size="sm" c="dimmed">
        {t('quotes.validation.intro')}
      </Text>
      {done && (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)} closeButtonLabel={t('common.close')}>
          {done}
        </Alert>
      )}
      <ErrorAlert error={validate.error} />
    </ListScreen>
  );
}
