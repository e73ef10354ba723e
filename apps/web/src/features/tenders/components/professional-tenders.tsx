import { useState } from 'react';
import { Anchor, Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser, ProfessionalTender } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { ListScreen } from '../../../components/ui/list-screen';
import { ListPagination } from '../../../components/ui/paged-table';
import { useListQuery } from '../../../lib/list-query';
import { formatDate, formatPhone } from '../../../lib/format';
import { myClientsQuery, myProjectsQuery } from '../api/my-projects';
import { myTendersQuery, type TenderScope } from '../api/professional-tenders';
import { ClientContact, TenderCard, TenderProjectFields } from './tender-card';
import { useCatalogLabels } from '../../catalog';

function TenderList({ userId, scope }: { userId: number; scope: TenderScope }) {
  const { t } = useTranslation();
  const list = useListQuery({ filters: {}, perPage: 10, query: (request) => myTendersQuery(userId, scope, request) });
  // Tenders answered here stay in view (with the client's contact once accepted) until the tab changes.
  const [answered, setAnswered] = useState<ProfessionalTender[]>([]);
  if (list.result.isPending) return <ScreenLoader />;
  if (list.result.error) return <ErrorAlert error={list.result.error} />;
  const { items: fetched, total } = list.result.data;
  const items = [...answered.filter((a) => !fetched.some((f) => f.id === a.id)), ...fetched.map((f) => answered.find((a) => a.id === f.id) ?? f)];
  if (items.length === 0) return <Text c="dimmed">{t(scope === 'available' ? 'tenders.pro.noneAvailable' : 'tenders.pro.nonePast')}</Text>;
  return (
    <Stack>
      {items.map((tender) => (
        <TenderCard key={tender.id} tender={tender} onAnswered={(a) => setAnswered((all) => [a, ...all.filter((x) => x.id !== a.id)])} />
      ))}
      <ListPagination
        page={list.page}
        perPage={list.perPage}
        total={total}
        onPageChange={list.setPage}
        caption={t(scope === 'available' ? 'tenders.pro.tabs.available' : 'tenders.pro.tabs.past')}
      />
    </Stack>
  );
}

export function MyProjectsList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const list = useListQuery({ filters: {}, perPage: 10, query: (request) => myProjectsQuery(userId, request) });
  return (
    <ListScreen
      list={list}
      caption={t('tenders.pro.tabs.projects')}
      count={false}
      emptyText={t('tenders.pro.noProjects')}
      data-testid="my-projects"
      table={{ rowKey: (item) => item.tender_id, columns: [] }}
      body={(items) =>
        items.map((item) => (
          <Card key={item.tender_id} withBorder padding="md">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Anchor component={Link} to={`/single-projet/${item.project.id}`} fw={600}>
                  {t('tenders.card.title', {
                    category: catalog.category(item.project.category_name),
                    bien: catalog.bien(item.project.bien_name),
                    city: item.project.ville,
                  })}
                </Anchor>
                <Badge variant="light" style={{ textTransform: 'none' }}>
                  {t(`projects.states.${item.project.state}`, { defaultValue: item.project.state })}
                </Badge>
              </Group>
              {item.accepted_at && (
                <Text size="xs" c="dimmed">
                  {t('tenders.card.acceptedOn', { date: formatDate(item.accepted_at) })}
                </Text>
              )}
              <ClientContact client={item.client} />
              <TenderProjectFields project={item.project} />
            </Stack>
          </Card>
        ))
      }
    />
  );
}

export function MyClientsList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const list = useListQuery({ filters: {}, query: (request) => myClientsQuery(userId, request) });
  return (
    <ListScreen
      list={list}
      caption={t('tenders.pro.tabs.clients')}
      count={false}
      emptyText={t('tenders.pro.noClients')}
      data-testid="my-clients"
      table={{
        rowKey: (c) => c.client_id,
        minWidth: 640,
        columns: [
          {
            key: 'name',
            header: t('tenders.clients.name'),
            card: 'title',
            cell: (c) => (
              <>
                <Text size="sm" fw={600}>
                  {c.civility} {c.firstname} {c.lastname}
                </Text>
                {c.company_name && <Text size="xs">{c.company_name}</Text>}
                <Text size="xs" c="dimmed">
                  {c.ville}
                </Text>
              </>
            ),
          },
          {
            key: 'contact',
            header: t('tenders.clients.contact'),
            card: 'detail',
            cell: (c) => (
              <>
                <Anchor size="sm" href={`mailto:${c.email}`} display="block">
                  {c.email}
                </Anchor>
                <Text size="sm" dir="ltr">
                  {formatPhone(c.phone)}
                </Text>
              </>
            ),
          },
          {
            key: 'projects',
            header: t('tenders.clients.projects'),
            card: 'detail',
            cell: (c) =>
              c.projects.map((p) => (
                <Anchor key={p.id} component={Link} to={`/single-projet/${p.id}`} size="sm" display="block">
                  {t('tenders.clients.project', { id: p.id, category: catalog.category(p.category_name), bien: catalog.bien(p.bien_name) })}
                </Anchor>
              )),
          },
        ],
      }}
    />
  );
}

const TABS = ['disponibles', 'historique', 'projets', 'clients'] as const;

/** `/list-offre` for a professional: available and past tenders, my projects, my clients (`?onglet=`). */
export function ProfessionalTenders({ user }: { user: DataUser }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('onglet') ?? '') ? (params.get('onglet') as (typeof TABS)[number]) : 'disponibles';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('tenders.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('tenders.pro.intro')}
      </Text>
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'disponibles' ? { onglet: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="disponibles">{t('tenders.pro.tabs.available')}</Tabs.Tab>
          <Tabs.Tab value="historique">{t('tenders.pro.tabs.past')}</Tabs.Tab>
          <Tabs.Tab value="projets">{t('tenders.pro.tabs.projects')}</Tabs.Tab>
          <Tabs.Tab value="clients">{t('tenders.pro.tabs.clients')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="disponibles" pt="md">
          <TenderList userId={user.id} scope="available" />
        </Tabs.Panel>
        <Tabs.Panel value="historique" pt="md">
          <TenderList userId={user.id} scope="past" />
        </Tabs.Panel>
        <Tabs.Panel value="projets" pt="md">
          <MyProjectsList userId={user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="clients" pt="md">
          <MyClientsList userId={user.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
