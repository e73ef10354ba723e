import { memo } from 'react';
import { ActionIcon, Badge, Checkbox, Grid, Group, Paper, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceReference } from '@ouvrage/contracts';
import {
  formatPercent,
  formatQuantity,
  lineNetCents,
  parsePercent,
  parseQuantity,
  QUOTE_UNITS,
  TVA_RATES,
  type QuoteUnit,
  type TvaRate,
} from '@ouvrage/domain';
import { MoneyInput } from '../../../components/ui/money-input';
import type { DraftLine } from '../model/draft';
import { isolateLtr } from './bidi';
import { DecimalInput } from '../../../components/ui/decimal-input';
import { MoveButtons } from './move-buttons';
import { formatEuros } from '../../../lib/format';
import { LineReference } from '../../price-references';

export interface LineRowProps {
  line: DraftLine;
  /** 1-based position in its lot, for labels (« ligne 2 »). */
  position: number;
  count: number;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (line: DraftLine) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  drag: { onDragStart: () => void; onDrop: () => void; dragging: boolean };
  /**
   * A line of an avenant (decision 1220): its quantity may be negative (a line removed or reduced),
   * and it has no option nor description.
   */
  avenant?: boolean;
  /** The line's price reference (issue 40): its sentence and placement under the fields, « Utiliser la médiane » for a new line. */
  priceReference?: PriceReference | null;
}

const percentText = (bp: number) => formatPercent(bp).replace(/ %$/, '');

/** One line of a lot: what it is, how many, at what price and TVA, its total; movable by drag or keys. */
export function LineRow({ line, position, count, readOnly, errors, onChange, onMove, onRemove, drag, avenant = false, priceReference }: LineRowProps) {
  const { t } = useTranslation();
  const err = (field: string) => errors[`line:${line.key}.${field}`];
  const set = (patch: Partial<DraftLine>) => onChange({ ...line, ...patch });
  const net = lineNetCents({ quantityMilli: line.quantity_milli ?? 0, unitPriceCents: line.unit_price_cents ?? 0, discountBp: line.discount_bp });
  const name = line.designation.trim() || t('quoteEditor.lines.untitled', { n: position });

  return (
    <Paper
      withBorder
      p="sm"
      data-testid="quote-line"
      aria-label={t('quoteEditor.lines.label', { n: position, name })}
      role="group"
      opacity={drag.dragging ? 0.5 : 1}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        drag.onDrop();
      }}
    >
      {/* On a phone the line's amount and buttons go under its number rather than past the screen's edge. */}
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="nowrap">
          {!readOnly && (
            <Text
              aria-hidden
              c="dimmed"
              style={{ cursor: 'grab', userSelect: 'none' }}
              title={t('quoteEditor.lines.dragHint')}
              // Only the handle is draggable: selecting text in the fields keeps working.
              draggable
              onDragStart={(e) => {
                e.stopPropagation();
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', line.key);
                const row = e.currentTarget.closest('[data-testid="quote-line"]');
                if (row) e.dataTransfer.setDragImage(row, 0, 0);
                drag.onDragStart();
              }}
            >
              ⠿
            </Text>
          )}
          <Text size="sm" fw={600}>
            {t('quoteEditor.lines.number', { n: position })}
          </Text>
          {line.product_id !== null && (
            <Badge size="xs" variant="light">
              {t('quoteEditor.lines.fromCatalogue')}
            </Badge>
          )}
          {line.optional && (
            <Badge size="xs" color="grape" variant="light">
              {t('quoteEditor.lines.option')}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap" justify="flex-end" ms="auto">
          <Text size="sm" fw={600} data-testid="line-total" style={{ whiteSpace: 'nowrap' }}>
            {isolateLtr(formatEuros(net))} {t('quoteEditor.lines.ht')}
          </Text>
          {!readOnly && (
            <>
              <MoveButtons
                index={position - 1}
                count={count}
                upLabel={t('quoteEditor.lines.moveUp', { name })}
                downLabel={t('quoteEditor.lines.moveDown', { name })}
                onMove={onMove}
                idPrefix={line.key}
              />
              <ActionIcon variant="subtle" color="red" aria-label={t('quoteEditor.lines.remove', { name })} onClick={onRemove}>
                ✕
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
      <Grid gutter="xs">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput
            label={t('quoteEditor.lines.designation')}
            required
            value={line.designation}
            onChange={(e) => set({ designation: e.currentTarget.value })}
            error={err('designation')}
            dir="auto"
            maxLength={300}
            readOnly={readOnly}
          />
        </Grid.Col>
        {!avenant && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Checkbox
              mt={{ base: 0, md: 30 }}
              label={t('quoteEditor.lines.optional')}
              checked={line.optional}
              onChange={(e) => set({ optional: e.currentTarget.checked })}
              disabled={readOnly}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <DecimalInput
            label={t('quoteEditor.lines.quantity')}
            required
            value={line.quantity_milli}
            onChange={(v) => set({ quantity_milli: v })}
            allowNegative={avenant}
            parse={parseQuantity}
            format={formatQuantity}
            error={err('quantity_milli')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <Select
            label={t('quoteEditor.lines.unit')}
            data={QUOTE_UNITS.map((u) => ({ value: u, label: u }))}
            value={line.unit}
            onChange={(u) => u && set({ unit: u as QuoteUnit })}
            allowDeselect={false}
            error={err('unit')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <MoneyInput
            label={t('quoteEditor.lines.unitPrice')}
            value={line.unit_price_cents}
            onChange={(c) => set({ unit_price_cents: c })}
            allowNegative
            error={err('unit_price_cents')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, md: 3 }}>
          <Select
            label={t('quoteEditor.lines.tva')}
            data={TVA_RATES.map((r) => ({ value: String(r), label: formatPercent(r) }))}
            value={String(line.tva_rate_bp)}
            onChange={(r) => r && set({ tva_rate_bp: Number(r) as TvaRate })}
            allowDeselect={false}
            error={err('tva_rate_bp')}
            readOnly={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, md: 2 }}>
          <DecimalInput
            label={t('quoteEditor.lines.discount')}
            value={line.discount_bp}
            onChange={(v) => set({ discount_bp: v ?? 0 })}
            parse={parsePercent}
            format={percentText}
            rightSection="%"
            rightSectionPointerEvents="none"
            error={err('discount_bp')}
            readOnly={readOnly}
          />
        </Grid.Col>
        {!avenant && (
          <Grid.Col span={12}>
            <Textarea
              label={t('quoteEditor.lines.description')}
              value={line.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
              error={err('description')}
              dir="auto"
              autosize
              minRows={1}
              maxLength={2000}
              readOnly={readOnly}
            />
          </Grid.Col>
        )}
      </Grid>
      {priceReference && (
        <LineReference
          reference={priceReference}
          quantityMilli={line.quantity_milli}
          unitPriceCents={line.unit_price_cents}
          discountBp={line.discount_bp}
          lineName={name}
          onUseMedian={!readOnly && !line.unit_price_cents ? (cents) => set({ unit_price_cents: cents }) : undefined}
        />
      )}
    </Paper>
  );
}

/** The fields whose error a row shows (`line:<key>.<field>`): the only entries of `errors` it reads. */
const ROW_ERROR_FIELDS = ['designation', 'quantity_milli', 'unit', 'unit_price_cents', 'tva_rate_bp', 'discount_bp', 'description'] as const;

/** Whether a row would be drawn the same: its data and its own errors, not its callbacks. */
export function sameLineRow(a: LineRowProps, b: LineRowProps): boolean {
  return (
    a.line === b.line &&
    a.position === b.position &&
    a.count === b.count &&
    a.readOnly === b.readOnly &&
    a.avenant === b.avenant &&
    a.drag.dragging === b.drag.dragging &&
    a.priceReference === b.priceReference &&
    ROW_ERROR_FIELDS.every((field) => a.errors[`line:${a.line.key}.${field}`] === b.errors[`line:${b.line.key}.${field}`])
  );
}

/**
 * The row drawn again only when its line, place, errors or reference change: typing in one line of
 * a 200-line quote draws that line alone. Its callbacks are not compared — give callbacks that read
 * the editor's latest state (as `LotsEditor` does), never the state of the render that made them.
 */
export const MemoLineRow = memo(LineRow, sameLineRow);
