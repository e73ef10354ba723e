import { useRef } from 'react';
import { Anchor, Badge, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPercent, PRODUCT_LOTS } from '@ouvrage/domain';
import { ListScreen } from '../../../components/ui/list-screen';
import { choiceFilter, flagFilter, textFilter, useListQuery } from '../../../lib/list-query';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/use-error-message';
import { useDownload } from '../../../lib/download';
import { productsCsvFile, productsQuery, useImportProducts } from '../api/products';
import { lotName } from '../model/lot-name';
import { formatEuros } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';

const PER_PAGE = 20;

/** `/gestion-produit/list`: search, lot filter, pages, CSV export and import. */
export default function ProductsScreen() {
  const { t } = useTranslation();
  const list = useListQuery({
    filters: { search: textFilter(), lot: choiceFilter(PRODUCT_LOTS), archived: flagFilter() },
    perPage: PER_PAGE,
    query: productsQuery,
  });
  // The export takes the list's filters, without its page.
  const { page: _page, per_page: _perPage, ...filters } = list.request;
  const importer = useImportProducts();
  const exportCsv = useDownload();
  const resetFile = useRef<() => void>(null);
  const rowErrors = Object.values(fieldErrors(importer.error));

  return (
    <ListScreen
      list={list}
      title={t('products.title')}
      count={false}
      actions={
        <>
          <Button variant="default" loading={exportCsv.pending} onClick={() => void exportCsv.download(productsCsvFile(filters))}>
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
        </>
      }
      filters={[
        { type: 'search', name: 'search', label: t('products.search'), placeholder: t('products.searchPlaceholder') },
        { type: 'select', name: 'lot', label: t('products.lot'), options: PRODUCT_LOTS.map((l) => ({ value: l, label: lotName(t, l) })), maw: 280 },
        { type: 'checkbox', name: 'archived', label: t('products.showArchived') },
      ]}
      emptyText={t('products.empty')}
      table={{
        rowKey: (p) => p.id,
        minWidth: 760,
        'data-testid': 'products-table',
        columns: [
          {
            key: 'name',
            header: t('products.name'),
            card: 'title',
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
          { key: 'reference', header: t('products.reference'), cell: (p) => p.reference, nowrap: true, card: 'detail' },
          { key: 'lot', header: t('products.lot'), cell: (p) => lotName(t, p.lot), card: 'detail' },
          { key: 'unit', header: t('products.unit'), cell: (p) => shortUnit(t, p.unit), nowrap: true, card: 'figure' },
          { key: 'price', header: t('products.unitPrice'), cell: (p) => formatEuros(p.unit_price_cents), align: 'end', nowrap: true, card: 'figure' },
          { key: 'tva', header: t('products.tva'), cell: (p) => formatPercent(p.tva_rate_bp), align: 'end', nowrap: true, card: 'figure' },
          {
            key: 'kind',
            header: t('products.kind'),
            nowrap: true,
            card: 'badge',
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
        ],
      }}
    >
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
    </ListScreen>
  );
}
