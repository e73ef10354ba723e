import { useRef, useState } from 'react';
import { Anchor, Badge, Button, Checkbox, FileButton, Group, List, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductItem } from '@ouvrage/contracts';
import { formatPercent, PRODUCT_LOTS, type ProductLot } from '@ouvrage/domain';
import { PagedTable } from '../../../components/ui/paged-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useDownload } from '../../../lib/download';
import { productsCsvFile, useImportProducts, useProducts } from '../api/products';
import { formatEuros } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';

const PER_PAGE = 20;

/** `/gestion-produit/list`: search, lot filter, pages, CSV export and import. */
export default function ProductsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [lot, setLot] = useState<ProductLot | null>(null);
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const filters = { search: debounced || undefined, lot: lot ?? undefined, archived: archived ? ('true' as const) : undefined };
  const products = useProducts({ ...filters, page, per_page: PER_PAGE });
  const importer = useImportProducts();
  const exportCsv = useDownload();
  const resetFile = useRef<() => void>(null);
  const rowErrors = Object.values(fieldErrors(importer.error));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('products.title')}
        </Title>
        <Group>
          <Button
            variant="default"
            loading={exportCsv.pending}
            onClick={() => void exportCsv.download(productsCsvFile(filters))}
          >
            {t('products.export')}
          </Button>
          <FileButton
            resetRef={resetFile}
            accept=".csv,text/csv"
            onChange={(file) => {
              if (file) importer.mutate(file, { onSettled: () => resetFile.current?.() });
            }}
          >
            {(props) => (
              <Button variant="default" loading={importer.isPending} {...props}>
                {t('products.import')}
              </Button>
            )}
          </FileButton>
          <Button component={Link} to="/gestion-produit/ajout">
            {t('products.add')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('products.csvHelp')}
      </Text>
      {importer.isSuccess && (
        <Text c="green" role="status">
          {t('products.imported', { count: importer.data.imported })}
        </Text>
      )}
      {importer.error ? (
        <Stack gap={4} role="alert">
          <ErrorAlert error={importer.error} />
          {rowErrors.length > 0 && (
            <List size="sm" data-testid="import-errors">
              {rowErrors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ) : null}
      <ErrorAlert error={exportCsv.error} />
      <Group align="flex-end">
        <TextInput
          label={t('products.search')}
          placeholder={t('products.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          miw={260}
        />
        <Select
          label={t('products.lot')}
          data={PRODUCT_LOTS.map((l) => ({ value: l, label: l }))}
          value={lot}
          onChange={(value) => {
            setLot(value as ProductLot | null);
            setPage(1);
          }}
          clearable
          maw={280}
        />
        <Checkbox
          label={t('products.showArchived')}
          checked={archived}
          onChange={(e) => {
            setArchived(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      <PagedTable<ProductItem>
        caption={t('products.title')}
        captionHidden
        rows={products.data?.items}
        rowKey={(p) => p.id}
        loading={products.isPending}
        error={products.error}
        emptyText={t('products.empty')}
        page={page}
        perPage={PER_PAGE}
        total={products.data?.total}
        onPageChange={setPage}
        minWidth={760}
        data-testid="products-table"
        columns={[
          {
            key: 'name',
            header: t('products.name'),
            cell: (p) =>
              p.editable ? (
                <Anchor component={Link} to={`/gestion-produit/ajout/${p.id}`} fw={600}>
                  {p.name}
                </Anchor>
              ) : (
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
              ),
          },
          { key: 'reference', header: t('products.reference'), cell: (p) => p.reference, nowrap: true },
          { key: 'lot', header: t('products.lot'), cell: (p) => p.lot },
          { key: 'unit', header: t('products.unit'), cell: (p) => shortUnit(t, p.unit), nowrap: true },
          { key: 'price', header: t('products.unitPrice'), cell: (p) => formatEuros(p.unit_price_cents), align: 'end', nowrap: true },
          { key: 'tva', header: t('products.tva'), cell: (p) => formatPercent(p.tva_rate_bp), align: 'end', nowrap: true },
          {
            key: 'kind',
            header: t('products.kind'),
            nowrap: true,
            cell: (p) => (
              <Group gap={4} wrap="nowrap">
                {p.platform && (
                  <Badge variant="light" color="blue">
                    {t('products.platform')}
                  </Badge>
                )}
                {p.archived && (
                  <Badge variant="light" color="gray">
                    {t('products.archived')}
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
