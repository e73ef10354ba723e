import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useEInvoicingConnections } from '../api/e-invoicing';

/** The admin's view (decision 1212): each architect's PA mode, whether a secret is stored, their submissions by state. */
export function EInvoicingConnectionsCard() {
  const { t } = useTranslation();
  const query = useEInvoicingConnections();
  return (
    <Card withBorder padding="md" data-testid="e-invoicing-connections">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('eInvoicing.connections.title')}
        </Title>
        <ErrorAlert error={query.error} />
        {query.data && query.data.items.length === 0 && <Text c="dimmed">{t('eInvoicing.connections.empty')}</Text>}
        {query.data && query.data.items.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('eInvoicing.connections.issuer')}</Table.Th>
                  <Table.Th>{t('eInvoicing.connections.mode')}</Table.Th>
                  <Table.Th ta="end">{t('eInvoicing.states.submitted')}</Table.Th>
                  <Table.Th ta="end">{t('eInvoicing.states.pending')}</Table.Th>
                  <Table.Th ta="end">{t('eInvoicing.states.failed')}</Table.Th>
                  <Table.Th ta="end">{t('eInvoicing.states.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((item) => (
                  <Table.Tr key={item.issuer_id} data-testid={`e-invoicing-connection-${item.issuer_id}`}>
                    <Table.Td>
                      <bdi>{item.issuer_name || `#${item.issuer_id}`}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={item.pa_mode === 'none' ? 'gray' : 'blue'} style={{ textTransform: 'none' }}>
                        {t(`eInvoicing.settings.modes.${item.pa_mode}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="end">{item.submitted}</Table.Td>
                    <Table.Td ta="end">{item.pending}</Table.Td>
                    <Table.Td ta="end" c={item.failed > 0 ? 'red' : undefined}>
                      {item.failed}
                    </Table.Td>
                    <Table.Td ta="end" c={item.action > 0 ? 'orange' : undefined}>
                      {item.action}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
