import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { saveProductBody, type ProductItem } from '@ouvrage/contracts';
import { formatPercent, PRODUCT_LOTS, QUOTE_UNITS, TVA_RATES, type ProductLot, type QuoteUnit } from '@ouvrage/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { MoneyInput } from '../../../components/ui/money-input';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useArchiveProduct, useDeleteProduct, useProduct, useSaveProduct } from '../api/products';
import { lotName } from '../model/lot-name';

const PRODUCT_SCHEMA = formSchema(saveProductBody);

/** The request's fields, as the API names them; the TVA rate as the select's text. */
interface FormValues {
  name: string;
  reference: string;
  description: string;
  lot: ProductLot | null;
  unit: QuoteUnit | null;
  unit_price_cents: number | null;
  tva_rate_bp: string;
}

function initialOf(p?: ProductItem): FormValues {
  return {
    name: p?.name ?? '',
    reference: p?.reference ?? '',
    description: p?.description ?? '',
    lot: (p?.lot as ProductLot | undefined) ?? null,
    unit: (p?.unit as QuoteUnit | undefined) ?? 'u',
    unit_price_cents: p?.unit_price_cents ?? null,
    tva_rate_bp: String(p?.tva_rate_bp ?? 2000),
  };
}

/** The product name's limit (the contract's); a longer name is refused with its message, never cut. */
const PRODUCT_NAME_MAX = 120;

function nameProblem(name: string, t: TFunction): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t('products.nameRequired');
  if (trimmed.length > PRODUCT_NAME_MAX) return t('products.nameTooLong', { max: PRODUCT_NAME_MAX, length: trimmed.length });
  return null;
}

const bodyOf = (v: FormValues) => ({ ...v, tva_rate_bp: Number(v.tva_rate_bp) });

function ProductForm({ product }: { product?: ProductItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProduct();
  const archive = useArchiveProduct();
  const remove = useDeleteProduct();
  // The contract's checks; a missing lot, unit or price says « required » in the user's language.
  const form = useContractForm<FormValues>({
    initialValues: initialOf(product),
    schema: PRODUCT_SCHEMA,
    toBody: bodyOf,
    rules: (v) => ({
      // An empty name or one over the limit says so in the user's language (the input does not cut it).
      name: nameProblem(v.name, t),
      lot: v.lot ? null : t('products.required'),
      unit: v.unit ? null : t('products.required'),
      unit_price_cents: v.unit_price_cents === null ? t('products.required') : null,
    }),
    serverError: save.error,
  });
  // A new product's form opens again on its own address: the confirmation travels with the navigation.
  const location = useLocation();
  const [saved, setSaved] = useState(() => (location.state as { saved?: boolean } | null)?.saved === true);
  const [deleting, setDeleting] = useState(false);

  const submit = form.onSubmit(
    (v) => {
      setSaved(false);
      if (!v.lot || !v.unit || v.unit_price_cents === null) return;
      save.mutate(
        { ...bodyOf(v), id: product?.id, lot: v.lot, unit: v.unit, unit_price_cents: v.unit_price_cents },
        {
          onSuccess: (p) => {
            setSaved(true);
            if (!product) navigate(`/gestion-produit/ajout/${p.id}`, { replace: true, state: { saved: true } });
          },
        },
      );
    },
    () => setSaved(false),
  );

  return (
    <Stack>
      {saved && (
        <Text c="green" role="status">
          {t('products.saved')}
        </Text>
      )}
      {product?.archived && <Text c="dimmed">{t('products.archivedHelp')}</Text>}
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t('products.name')} required {...form.getInputProps('name')} />
            <Group grow align="flex-start">
              <TextInput label={t('products.reference')} {...form.getInputProps('reference')} maxLength={60} />
              <Select
                label={t('products.lot')}
                required
                data={PRODUCT_LOTS.map((l) => ({ value: l, label: lotName(t, l) }))}
                {...form.getInputProps('lot')}
                searchable
              />
            </Group>
            <Group grow align="flex-start">
              <MoneyInput label={t('products.unitPrice')} required {...form.getInputProps('unit_price_cents')} />
              <Select
                label={t('products.unit')}
                required
                data={QUOTE_UNITS.map((u) => ({ value: u, label: t(`products.units.${u}`) }))}
                {...form.getInputProps('unit')}
              />
              <Select
                label={t('products.tva')}
                required
                data={TVA_RATES.map((r) => ({ value: String(r), label: formatPercent(r) }))}
                {...form.getInputProps('tva_rate_bp')}
                onChange={(rate) => rate && form.setFieldValue('tva_rate_bp', rate)}
                allowDeselect={false}
              />
            </Group>
            <Textarea label={t('products.description')} {...form.getInputProps('description')} autosize minRows={2} maxLength={2000} />
            <ErrorAlert error={form.alertError} />
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
