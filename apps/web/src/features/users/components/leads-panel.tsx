import { useState } from 'react';
import { Accordion, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/ui/list-screen';
import { useListQuery } from '../../../lib/list-query';
import { formatDateTime } from '../../../lib/format';
import { leadsQuery } from '../api/accounts';

/** Sign-up leads kept on the platform (no HubSpot portal configured), or their forwarding state. */
export function LeadsPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  // Prefixed: the professionals' list above shares the address.
  const leads = useListQuery({ filters: {}, prefix: 'leads', perPage: 10, query: leadsQuery });
  const field = (fields: Array<{ name: string; value: string }>, name: string) => fields.find((f) => f.name === name)?.value ?? '';
  return (
    <Accordion variant="contained" value={open} onChange={setOpen}>
      <Accordion.Item value="leads">
        <Accordion.Control>{t('users.leads.title', { count: leads.result.data?.total ?? 0 })}</Accordion.Control>
        <Accordion.Panel>
          <ListScreen
            list={leads}
            caption={t('users.leads.title', { count: leads.result.data?.total ?? 0 })}
            count={false}
            emptyText={t('users.leads.empty')}
            table={{
              rowKey: (l) => l.id,
              columns: [
                { key: 'created', header: t('users.createdAt'), cell: (l) => formatDateTime(l.created_at) },
                {
                  key: 'company',
                  header: t('users.company'),
                  cell: (l) => (
                    <>
                      {field(l.fields, 'company')}{' '}
                      <Text size="xs" c="dimmed">
                        {field(l.fields, 'siret')}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'contact',
                  header: t('users.contact'),
                  cell: (l) => (
                    <>
                      {field(l.fields, 'firstname')} {field(l.fields, 'lastname')}{' '}
                      <Text size="xs" c="dimmed">
                        {l.email}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'status',
                  header: t('users.leads.status'),
                  cell: (l) => (
                    <Badge variant="light" color={l.status === 'sent' ? 'teal' : l.status === 'failed' ? 'red' : 'gray'}>
                      {t(`users.leads.statuses.${l.status}`)}
                    </Badge>
                  ),
                },
              ],
            }}
          >
            <Text size="sm" c="dimmed">
              {t('users.leads.intro')}
            </Text>
          </ListScreen>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
