import { useState } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Image, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CategoryItem } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useAdminBiens, useAdminCategories, useCategoryImage, useDeleteCatalogItem, useSaveCategory } from '../api/admin-catalog';
import { CatalogForm, toBody } from './catalog-form';

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
      <ErrorAlert error={categories.error ?? remove.error} />
      {categories.isPending ? (
        <ScreenLoader />
      ) : (
        <Table.ScrollContainer minWidth={780}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalog.position')}</Table.Th>
                <Table.Th>{t('catalog.name')}</Table.Th>
                <Table.Th>{t('catalog.linkedBiens')}</Table.Th>
                <Table.Th>{t('catalog.projects')}</Table.Th>
                <Table.Th>{t('catalog.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.data?.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.position}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {c.image_path && <Image src={c.image_path} alt="" w={40} h={40} radius="sm" fit="cover" />}
                      <Text fw={600}>{c.name}</Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {c.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {c.biens.map((id) => (
                      <Anchor key={id} component={Link} to={`/gestion-bien/${id}`} me="xs" size="sm">
                        {bienName.get(id) ?? id}
                      </Anchor>
                    ))}
                  </Table.Td>
                  <Table.Td>{c.projects_count}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={c.active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                      {c.active ? t('catalog.activeLabel') : t('catalog.inactiveLabel')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={current ? t('catalog.editCategory', { name: current.name }) : t('catalog.newCategory')} size="lg">
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
              links: (current?.biens ?? []).map(String),
            }}
            linkLabel={t('catalog.linkedBiens')}
            linkField="biens"
            linkOptions={(biens.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            error={save.error}
            pending={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(v) => save.mutate({ ...toBody(v), biens: v.links.map(Number), id: current?.id }, { onSuccess: () => setEditing(null) })}
          />
        )}
      </Modal>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={t('catalog.deleteTitle', { name: deleting?.name ?? '' })}>
        <Stack>
          <Text>{t('catalog.deleteText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
