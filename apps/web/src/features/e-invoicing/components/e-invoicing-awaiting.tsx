import { Anchor, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/format';
import { useAwaitingAction, useRetrySubmission } from '../api/e-invoicing';

/**
 * What awaits the architect (decision 1212): documents the PA could not take (« Renvoyer ») and
 * invoices refused, rejected, disputed or misrouted (to correct by an avoir and a new invoice).
 * Nothing at all when nothing awaits.
 */
export function EInvoicingAwaiting() {
  const { t } = useTranslation();
  const query = useAwaitingAction();
  const retry = useRetrySubmission();
  if (query.isPending) return null;
  if (query.error) return <ErrorAlert error={query.error} />;
  const items = query.data.items;
  if (items.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="e-invoicing-awaiting">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('eInvoicing.awaiting.title', { count: items.length })}
        </Title>
        <ErrorAlert error={retry.error} />
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-testid={`e-invoicing-awaiting-${item.id}`}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {item.invoice_id !== null ? (
                      <Anchor component={Link} to={`/facture/${item.invoice_id}`}>
                        {item.number}
                      </Anchor>
                    ) : (
                      item.number
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={item.state === 'failed' ? 'red' : 'orange'} variant="light" style={{ textTransform: 'none' }}>
                      {t(`eInvoicing.states.${item.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm">
                      {item.last_code !== null && `${item.last_code} ${t(`eInvoicing.codes.${item.last_code}`)} `}
                      {item.last_error && <bdi>{item.last_error}</bdi>}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <bdi>{formatDate(item.updated_at.slice(0, 10))}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end">
                    {item.state === 'failed' && (
                      <Button size="compact-sm" variant="light" loading={retry.isPending && retry.variables === item.id} onClick={() => retry.mutate(item.id)}>
                        {t('eInvoicing.invoice.retry')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
