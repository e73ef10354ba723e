import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ProductItem } from '@ouvrage/contracts';
import { formatPercent, PRODUCT_LOTS, type ProductLot } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { lotName, useProducts } from '../../products';
import { formatEuros } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';

/** Search the catalogue (`GET api/produit`: the architect's products and the platform's) by name and lot. */
export function ProductPicker({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (product: ProductItem) => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('quoteEditor.picker.title')} size="xl">
      <PickerBody onClose={onClose} onPick={onPick} />
    </Modal>
  );
}

/** Mounted only while the dialog is open: the catalogue is asked for then, not with the editor. */
function PickerBody({ onClose, onPick }: { onClose: () => void; onPick: (product: ProductItem) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [lot, setLot] = useState<ProductLot | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const products = useProducts({ page: 1, per_page: 20, search: debounced || undefined, lot: lot ?? undefined, archived: 'false' });
  const items = products.data?.items ?? [];

  return (
    <Stack>
      <Group align="flex-end" grow>
        <TextInput
          label={t('quoteEditor.picker.search')}
          placeholder={t('quoteEditor.picker.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
          maxLength={100}
        />
        <Select
          label={t('quoteEditor.picker.lot')}
          data={PRODUCT_LOTS.map((l) => ({ value: l, label: lotName(t, l) }))}
          value={lot}
          onChange={(v) => setLot(v as ProductLot | null)}
          clearable
          searchable
        />
      </Group>
      <ErrorAlert error={products.error} />
      <Text role="status" aria-live="polite" size="sm" c="teal">
        {added ? t('quoteEditor.picker.added', { name: added }) : ''}
      </Text>
      {products.isPending ? (
        <Text c="dimmed">{t('quoteEditor.picker.loading')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('quoteEditor.picker.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Caption>{t('quoteEditor.picker.caption', { n: products.data?.total ?? items.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quoteEditor.picker.name')}</Table.Th>
                <Table.Th>{t('quoteEditor.picker.lot')}</Table.Th>
                <Table.Th>{t('quoteEditor.lines.unitPrice')}</Table.Th>
                <Table.Th>{t('quoteEditor.lines.tva')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {p.name}
                    </Text>
                    {p.reference && (
                      <Text size="xs" c="dimmed">
                        {p.reference}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{lotName(t, p.lot)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} dir="ltr">
                    {formatEuros(p.unit_price_cents)} / {shortUnit(t, p.unit)}
                  </Table.Td>
                  <Table.Td>{formatPercent(p.tva_rate_bp)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('quoteEditor.picker.addNamed', { name: p.name })}
                      onClick={() => {
                        onPick(p);
                        setAdded(p.name);
                      }}
                    >
                      {t('quoteEditor.picker.add')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('quoteEditor.picker.close')}
        </Button>
      </Group>
    </Stack>
  );
}
