import { useState } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Image, Modal, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CategoryItem } from '@ouvrage/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedTable } from '../../../components/ui/paged-table';
import { useAdminBiens, useAdminCategories, useCategoryImage, useDeleteCatalogItem, useSaveCategory } from '../api/admin-catalog';
import { CatalogForm, NO_TRANSLATIONS } from './catalog-form';

/** `/gestion-categorie`: list, create, edit, deactivate or delete project categories. */
export default function CategoriesScreen() {
  const { t } = useTranslation();
  const categories = useAdminCategories();
  const biens = useAdminBiens();
  const save = useSaveCategory();
  const remove = useDeleteCatalogItem('category');
  const image = useCategoryImage();
  const [editing, setEditing] = useState<CategoryItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CategoryItem | null>(null);
  const bienName = new Map((biens.data?.items ?? []).map((b) => [b.id, b.name]));
  const current = editing === 'new' ? null : editing;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('catalog.categoriesTitle')}
        </Title>
        <Group>
          <Button variant="default" component={Link} to="/gestion-bien">
            {t('catalog.biensTitle')}
          </Button>
          <Button
            onClick={() => {
              save.reset();
              setEditing('new');
            }}
          >
            {t('catalog.newCategory')}
          </Button>
        </Group>
      </Group>
      <ErrorAlert error={remove.error} />
      <PagedTable<CategoryItem>
        caption={t('catalog.categoriesTitle')}
        captionHidden
        rows={categories.data?.items}
        rowKey={(c) => c.id}
        loading={categories.isPending}
        error={categories.error}
        emptyText={t('catalog.emptyCategories')}
        minWidth={780}
        columns={[
          { key: 'position', header: t('catalog.position'), cell: (c) => c.position, align: 'end', width: 70 },
          {
            key: 'name',
            header: t('catalog.name'),
            cell: (c) => (
              <>
                <Group gap="sm" wrap="nowrap">
                  {c.image_path && <Image src={c.image_path} alt="" w={40} h={40} radius="sm" fit="cover" />}
                  <Text fw={600}>{c.name}</Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {c.description}
                </Text>
              </>
            ),
          },
          {
            key: 'biens',
            header: t('catalog.linkedBiens'),
            cell: (c) =>
              c.biens.map((id) => (
                <Anchor key={id} component={Link} to={`/gestion-bien/${id}`} me="xs" size="sm">
                  {bienName.get(id) ?? id}
                </Anchor>
              )),
          },
          { key: 'projects', header: t('catalog.projects'), cell: (c) => c.projects_count, align: 'end' },
          {
            key: 'status',
            header: t('catalog.status'),
            nowrap: true,
            cell: (c) => (
              <Badge color={c.active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                {c.active ? t('catalog.activeLabel') : t('catalog.inactiveLabel')}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: <VisuallyHidden>{t('catalog.actions')}</VisuallyHidden>,
            cell: (c) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    save.reset();
                    setEditing(c);
                  }}
                >
                  {t('common.edit')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(c)}>
                  {t('common.delete')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('catalog.editCategory', { name: current.name }) : t('catalog.newCategory')}
        size="lg"
      >
        {current && (
          <Stack gap="xs" mb="md">
            {current.image_path && <Image src={current.image_path} alt="" h={96} w="auto" fit="contain" radius="sm" />}
            <FileInput
              label={t('catalog.image')}
              description={t('catalog.imageHelp')}
              accept="image/jpeg,image/png,image/webp"
              onChange={(file) => file && image.mutate({ id: current.id, file }, { onSuccess: (c) => setEditing(c) })}
              disabled={image.isPending}
            />
            <ErrorAlert error={image.error} />
          </Stack>
        )}
        {editing !== null && (
          <CatalogForm
            initial={{
              name: current?.name ?? '',
              description: current?.description ?? '',
              icon: current?.icon ?? '',
              position: current?.position ?? (categories.data?.items.length ?? 0) + 1,
              active: current?.active ?? true,
              biens: current?.biens ?? [],
              translations: current?.translations ?? NO_TRANSLATIONS,
            }}
            linkLabel={t('catalog.linkedBiens')}
            linkField="biens"
            linkOptions={(biens.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            error={save.error}
            pending={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(body) => save.mutate({ ...body, id: current?.id }, { onSuccess: () => setEditing(null) })}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('catalog.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        <Text>{t('catalog.deleteText')}</Text>
      </ConfirmModal>
    </Stack>
  );
}
