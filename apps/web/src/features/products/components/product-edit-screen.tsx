import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductItem } from '@ouvrage/contracts';
import { formatPercent, PRODUCT_LOTS, QUOTE_UNITS, TVA_RATES, type ProductLot, type QuoteUnit } from '@ouvrage/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fieldErrors } from '../../../lib/use-error-message';
import { useArchiveProduct, useDeleteProduct, useProduct, useSaveProduct } from '../api/products';

interface FormValues {
  name: string;
  reference: string;
  description: string;
  lot: ProductLot | null;
  unit: QuoteUnit | null;
  unitPriceCents: number | null;
  tvaRateBp: string;
}

function initialOf(p?: ProductItem): FormValues {
  return {
    name: p?.name ?? '',
    reference: p?.reference ?? '',
    description: p?.description ?? '',
    lot: (p?.lot as ProductLot | undefined) ?? null,
    unit: (p?.unit as QuoteUnit | undefined) ?? 'u',
    unitPriceCents: p?.unit_price_cents ?? null,
    tvaRateBp: String(p?.tva_rate_bp ?? 2000),
  };
}

function ProductForm({ product }: { product?: ProductItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProduct();
  const archive = useArchiveProduct();
  const remove = useDeleteProduct();
  const [v, setV] = useState<FormValues>(() => initialOf(product));
  const [missing, setMissing] = useState<Record<string, string>>({});
  // A new product's form opens again on its own address: the confirmation travels with the navigation.
  const location = useLocation();
  const [saved, setSaved] = useState(() => (location.state as { saved?: boolean } | null)?.saved === true);
  const [deleting, setDeleting] = useState(false);
  const fields = { ...fieldErrors(save.error), ...missing };

  const submit = () => {
    const problems: Record<string, string> = {};
    if (!v.lot) problems.lot = t('products.required');
    if (!v.unit) problems.unit = t('products.required');
    if (v.unitPriceCents === null) problems.unit_price_cents = t('products.required');
    setMissing(problems);
    setSaved(false);
    if (Object.keys(problems).length) return;
    save.mutate(
      {
        id: product?.id,
        name: v.name,
        reference: v.reference,
        description: v.description,
        lot: v.lot!,
        unit: v.unit!,
        unit_price_cents: v.unitPriceCents!,
        tva_rate_bp: Number(v.tvaRateBp),
      },
      {
        onSuccess: (p) => {
          setSaved(true);
          if (!product) navigate(`/gestion-produit/ajout/${p.id}`, { replace: true, state: { saved: true } });
        },
      },
    );
  };

  return (
    <Stack>
      {saved && (
        <Text c="green" role="status">
          {t('products.saved')}
        </Text>
      )}
      {product?.archived && <Text c="dimmed">{t('products.archivedHelp')}</Text>}
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              label={t('products.name')}
              required
              value={v.name}
              onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
              error={fields.name}
              maxLength={120}
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('products.reference')}
                value={v.reference}
                onChange={(e) => setV({ ...v, reference: e.currentTarget.value })}
                error={fields.reference}
                maxLength={60}
              />
              <Select
                label={t('products.lot')}
                required
                data={PRODUCT_LOTS.map((l) => ({ value: l, label: l }))}
                value={v.lot}
                onChange={(lot) => setV({ ...v, lot: lot as ProductLot | null })}
                error={fields.lot}
                searchable
              />
            </Group>
            <Group grow align="flex-start">
              <MoneyInput
                label={t('products.unitPrice')}
                required
                value={v.unitPriceCents}
                onChange={(cents) => setV({ ...v, unitPriceCents: cents })}
                error={fields.unit_price_cents}
              />
              <Select
                label={t('products.unit')}
                required
                data={QUOTE_UNITS.map((u) => ({ value: u, label: t(`products.units.${u}`) }))}
                value={v.unit}
                onChange={(unit) => setV({ ...v, unit: unit as QuoteUnit | null })}
                error={fields.unit}
              />
              <Select
                label={t('products.tva')}
                required
                data={TVA_RATES.map((r) => ({ value: String(r), label: formatPercent(r) }))}
                value={v.tvaRateBp}
                onChange={(rate) => rate && setV({ ...v, tvaRateBp: rate })}
                error={fields.tva_rate_bp}
                allowDeselect={false}
              />
            </Group>
            <Textarea
              label={t('products.description')}
              value={v.description}
              onChange={(e) => setV({ ...v, description: e.currentTarget.value })}
              error={fields.description}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <ErrorAlert error={save.error && Object.keys(fieldErrors(save.error)).length === 0 ? save.error : null} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/gestion-produit/list">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('products.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {product && (
        <>
          <ErrorAlert error={remove.error ?? archive.error} />
          <Group>
            <Button variant="light" loading={archive.isPending} onClick={() => archive.mutate({ id: product.id, archived: !product.archived })}>
              {product.archived ? t('products.restore') : t('products.archive')}
            </Button>
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </Group>
          <ConfirmModal
            opened={deleting}
            onClose={() => setDeleting(false)}
            title={t('products.deleteTitle', { name: product.name })}
            confirmLabel={t('common.delete')}
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(product.id, { onSuccess: () => navigate('/gestion-produit/list', { replace: true }), onSettled: () => setDeleting(false) })
            }
          >
            <Text>{t('products.deleteText')}</Text>
          </ConfirmModal>
        </>
      )}
    </Stack>
  );
}

/** `/gestion-produit/ajout` (new product) and `/gestion-produit/ajout/{id}` (edit one). */
export default function ProductEditScreen() {
  const { t, i18n } = useTranslation();
  const raw = useParams().id;
  const id = raw === undefined ? undefined : Number(raw);
  const product = useProduct(id !== undefined && Number.isInteger(id) && id > 0 ? id : undefined);
  const editing = raw !== undefined;

  let body;
  if (!editing) body = <ProductForm />;
  else if (product.isPending && product.fetchStatus !== 'idle') body = <ScreenLoader />;
  else if (product.error || !product.data) body = <ErrorAlert error={product.error ?? new Error('not found')} />;
  else if (!product.data.editable) body = <Text>{t('products.readOnly')}</Text>;
  else body = <ProductForm key={product.data.id} product={product.data} />;

  return (
    <Stack>
      <Anchor component={Link} to="/gestion-produit/list" size="sm">
        {i18n.dir() === 'rtl' ? '→' : '←'} {t('products.title')}
      </Anchor>
      <Title order={1} size="h2">
        {editing ? t('products.editTitle', { name: product.data?.name ?? '' }) : t('products.addTitle')}
      </Title>
      {body}
    </Stack>
  );
}
