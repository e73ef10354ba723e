import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceEInvoicing } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useInvoiceEInvoicing, useRetrySubmission } from '../api/e-invoicing';

type State = NonNullable<InvoiceEInvoicing['submission']>['state'];
const COLORS: Record<State, string> = { pending: 'gray', submitted: 'blue', failed: 'red', action: 'orange', done: 'green' };

/** A lifecycle code in the reader's language (« 210 Refusée »); an unknown code as its number. */
function useCodeName() {
  const { t, i18n } = useTranslation();
  return (code: number) => (i18n.exists(`eInvoicing.codes.${code}`) ? `${code} ${t(`eInvoicing.codes.${code}`)}` : String(code));
}

/**
 * The invoice's e-invoicing (decision 1212) on its page: its state at the PA, the statuses it
 * reported, and « Renvoyer » for a failed submission (its issuer). Nothing for an invoice that is
 * not e-invoiced (a consumer's: e-reporting covers it).
 */
export function InvoiceEInvoicing({ invoiceId, issuerId }: { invoiceId: number; issuerId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canRetry = !!user && (user.user_type === 'admin' || user.id === issuerId);
  const codeName = useCodeName();
  const query = useInvoiceEInvoicing(invoiceId);
  const retry = useRetrySubmission();
  if (query.isPending) return null;
  if (query.error) return <ErrorAlert error={query.error} />;
  const { submission, events } = query.data;
  if (!query.data.e_invoiced || !submission) return null;
  return (
    <SectionCard title={t('eInvoicing.invoice.title')} testId="invoice-e-invoicing">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Badge color={COLORS[submission.state]} variant="light" data-testid="e-invoice-state" data-state={submission.state} style={{ textTransform: 'none' }}>
            {t(`eInvoicing.states.${submission.state}`)}
          </Badge>
          {submission.last_code !== null && <Text size="sm">{codeName(submission.last_code)}</Text>}
        </Group>
        {submission.state === 'action' && (
          <Alert color="orange" data-testid="e-invoice-action">
            {t('eInvoicing.invoice.action')}
            {submission.last_error && (
              <Text size="sm" mt={4}>
                <bdi>{submission.last_error}</bdi>
              </Text>
            )}
          </Alert>
        )}
        {submission.state === 'failed' && (
          <Alert color="red" data-testid="e-invoice-failed">
            {t('eInvoicing.invoice.failed')}
            {submission.last_error && (
              <Text size="sm" mt={4}>
                <bdi>{submission.last_error}</bdi>
              </Text>
            )}
            {canRetry && (
              <Button mt="sm" size="compact-sm" loading={retry.isPending} onClick={() => retry.mutate(submission.id)} data-testid="e-invoice-retry">
                {t('eInvoicing.invoice.retry')}
              </Button>
            )}
          </Alert>
        )}
        {retry.error && <ErrorAlert error={retry.error} />}
        {events.length > 0 && (
          // Two columns, the reason under its status: a phone shows it whole, without scrolling sideways.
          <Table data-testid="e-invoice-events">
            <Table.Tbody>
              {events.map((e, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <bdi>{formatDate(e.at.slice(0, 10))}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {codeName(e.code)}
                    </Text>
                    {e.reason && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{e.reason}</bdi>
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </SectionCard>
  );
}
