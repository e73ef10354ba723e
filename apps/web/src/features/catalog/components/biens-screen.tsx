import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useAdminBiens, useAdminCategories, useSaveBien } from '../api/admin-catalog';
import { CatalogForm, toBody } from './catalog-form';

/** `/gestion-bien`: goods per category; each opens `/gestion-bien/{id}` to edit. */
export default function BiensScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [category, setCategory] = useState<string | null>(null);
  const categories = useAdminCategories();
  const biens = useAdminBiens(category ? Number(category) : null);
  const save = useSaveBien();
  const [creating, setCreating] = useState(false);
  const categoryName = new Map((categories.data?.items ?? []).map((c) => [c.id, c.name]));
  const options = (categories.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('catalog.biensTitle')}
        </Title>
        <Group>
          <Button variant="default" component={Link} to="/gestion-categorie">
            {t('catalog.categoriesTitle')}
          </Button>
          <Button
            onClick={() => {
              save.reset();
              setCreating(true);
            }}
          >
            {t('catalog.newBien')}
          </Button>
        </Group>
      </Group>
      <Select label={t('catalog.filterCategory')} data={options} value={category} onChange={setCategory} clearable maw={320} />
      <ErrorAlert error={biens.error} />
      {biens.isPending ? (
        <ScreenLoader />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalog.position')}</Table.Th>
                <Table.Th>{t('catalog.name')}</Table.Th>
                <Table.Th>{t('catalog.linkedCategories')}</Table.Th>
                <Table.Th>{t('catalog.projects')}</Table.Th>
                <Table.Th>{t('catalog.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {biens.data?.items.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.position}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/gestion-bien/${b.id}`} fw={600}>
                      {b.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{b.categories.map((id) => categoryName.get(id) ?? id).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>{b.projects_count}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={b.active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                      {b.active ? t('catalog.activeLabel') : t('catalog.inactiveLabel')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('catalog.newBien')} size="lg">
        {creating && (
          <CatalogForm
            initial={{ name: '', description: '', icon: '', position: (biens.data?.total ?? 0) + 1, active: true, links: category ? [category] : [] }}
            linkLabel={t('catalog.linkedCategories')}
            linkField="categories"
            linkOptions={options}
            error={save.error}
            pending={save.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(v) => save.mutate({ ...toBody(v), categories: v.links.map(Number) }, { onSuccess: (b) => navigate(`/gestion-bien/${b.id}`) })}
          />
        )}
      </Modal>
    </Stack>
  );
}
