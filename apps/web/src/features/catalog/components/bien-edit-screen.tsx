import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useAdminBien, useAdminCategories, useDeleteCatalogItem, useSaveBien } from '../api/admin-catalog';
import { CatalogForm } from './catalog-form';

/** `/gestion-bien/{id}`: edit one good, its categories, deactivate or delete it. */
export default function BienEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const bien = useAdminBien(Number.isInteger(id) && id > 0 ? id : undefined);
  const categories = useAdminCategories();
  const save = useSaveBien();
  const remove = useDeleteCatalogItem('bien');
  const [deleting, setDeleting] = useState(false);
  const [saved, setSaved] = useState(false);

  if (bien.isPending) return <ScreenLoader />;
  if (bien.error || !bien.data) return <ErrorAlert error={bien.error} />;
  const b = bien.data;
  return (
    <Stack>
      <Anchor component={Link} to="/gestion-bien" size="sm">
        ← {t('catalog.biensTitle')}
      </Anchor>
      <Title order={1} size="h2">
        {t('catalog.editBien', { name: b.name })}
      </Title>
      <Text size="sm" c="dimmed">
        {t('catalog.usedBy', { count: b.projects_count })}
      </Text>
      {saved && (
        <Text c="green" role="status">
          {t('catalog.saved')}
        </Text>
      )}
      <Card withBorder>
        <CatalogForm
          key={b.id}
          initial={{
            name: b.name,
            description: b.description,
            icon: b.icon ?? '',
            position: b.position,
            active: b.active,
            categories: b.categories,
            translations: b.translations,
          }}
          linkLabel={t('catalog.linkedCategories')}
          linkField="categories"
          linkOptions={(categories.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          error={save.error}
          pending={save.isPending}
          onSubmit={(body) => save.mutate({ ...body, id: b.id }, { onSuccess: () => setSaved(true) })}
        />
      </Card>
      <ErrorAlert error={remove.error} />
      <Group>
        <Button color="red" variant="light" onClick={() => setDeleting(true)}>
          {t('common.delete')}
        </Button>
      </Group>
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('catalog.deleteTitle', { name: b.name })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(b.id, { onSuccess: () => navigate('/gestion-bien', { replace: true }), onSettled: () => setDeleting(false) })}
      >
        <Text>{t('catalog.deleteText')}</Text>
      </ConfirmModal>
    </Stack>
  );
}
