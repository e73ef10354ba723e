import { useState } from 'react';
import { Accordion, Badge, Group, Pagination, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useLeads } from '../api/accounts';

/** Sign-up leads kept on the platform (no HubSpot portal configured), or their forwarding state. */
export function LeadsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const leads = useLeads(page);
  const field = (fields: Array<{ name: string; value: string }>, name: string) => fields.find((f) => f.name === name)?.value ?? '';
  return (
    <Accordion variant="contained" value={open} onChange={setOpen}>
      <Accordion.Item value="leads">
        <Accordion.Control>{t('users.leads.title', { count: leads.data?.total ?? 0 })}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="sm">
            {t('users.leads.intro')}
          </Text>
          <ErrorAlert error={leads.error} />
          {leads.data && (
            <>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.createdAt')}</Table.Th>
                    <Table.Th>{t('users.company')}</Table.Th>
                    <Table.Th>{t('users.contact')}</Table.Th>
                    <Table.Th>{t('users.leads.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {leads.data.items.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{formatDateTime(l.created_at)}</Table.Td>
                      <Table.Td>
                        {field(l.fields, 'company')} <Text size="xs" c="dimmed">{field(l.fields, 'siret')}</Text>
                      </Table.Td>
                      <Table.Td>
                        {field(l.fields, 'firstname')} {field(l.fields, 'lastname')} <Text size="xs" c="dimmed">{l.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={l.status === 'sent' ? 'teal' : l.status === 'failed' ? 'red' : 'gray'}>
                          {t(`users.leads.statuses.${l.status}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="center" mt="sm">
                <Pagination size="sm" value={page} onChange={setPage} total={Math.max(1, Math.ceil(leads.data.total / leads.data.per_page))} />
              </Group>
            </>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
