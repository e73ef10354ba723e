import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BienItem } from '@ouvrage/contracts';
import { PagedTable } from '../../../components/ui/paged-table';
import { useAdminBiens, useAdminCategories, useSaveBien } from '../api/admin-catalog';
import { CatalogForm, NO_TRANSLATIONS } from './catalog-form';

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
      <PagedTable<BienItem>
        caption={t('catalog.biensTitle')}
        captionHidden
        rows={biens.data?.items}
        rowKey={(b) => b.id}
        loading={biens.isPending}
        error={biens.error}
        emptyText={t('catalog.emptyBiens')}
        minWidth={560}
        columns={[
          { key: 'position', header: t('catalog.position'), cell: (b) => b.position, align: 'end', width: 70 },
          {
            key: 'name',
            header: t('catalog.name'),
            cell: (b) => (
              <Anchor component={Link} to={`/gestion-bien/${b.id}`} fw={600}>
                {b.name}
              </Anchor>
            ),
          },
          {
            key: 'categories',
            header: t('catalog.linkedCategories'),
            cell: (b) => <Text size="sm">{b.categories.map((id) => categoryName.get(id) ?? id).join(', ')}</Text>,
          },
          { key: 'projects', header: t('catalog.projects'), cell: (b) => b.projects_count, align: 'end' },
          {
            key: 'status',
            header: t('catalog.status'),
            nowrap: true,
            cell: (b) => (
              <Badge color={b.active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                {b.active ? t('catalog.activeLabel') : t('catalog.inactiveLabel')}
              </Badge>
            ),
          },
        ]}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('catalog.newBien')} size="lg">
        {creating && (
          <CatalogForm
            initial={{
              name: '',
              description: '',
              icon: '',
              position: (biens.data?.total ?? 0) + 1,
              active: true,
              categories: category ? [Number(category)] : [],
              translations: NO_TRANSLATIONS,
            }}
            linkLabel={t('catalog.linkedCategories')}
            linkField="categories"
            linkOptions={options}
            error={save.error}
            pending={save.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(body) => save.mutate(body, { onSuccess: (b) => navigate(`/gestion-bien/${b.id}`) })}
          />
        )}
      </Modal>
    </Stack>
  );
}
