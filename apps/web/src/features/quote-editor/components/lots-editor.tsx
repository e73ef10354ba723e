import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductItem } from '@ouvrage/contracts';
import { isTvaRate, QUOTE_UNITS, type QuoteUnit } from '@ouvrage/domain';
import { emptyLine, emptyLot, moveItem, newKey, type DraftLine, type DraftLot, type DraftTotals } from '../model/draft';
import { ltr } from '../../../lib/bidi';
import { MemoLineRow } from './line-row';
import { MoveButtons } from './move-buttons';
import { ProductPicker } from './product-picker';
import { formatEuros } from '../../../lib/format';
import { compareWithReferences, LotReferenceSummary, type QuotePriceReferences } from '../../price-references';

/** A catalogue product as a quote line: its words, unit, price and TVA, and its id. */
export function lineFromProduct(p: ProductItem): DraftLine {
  return {
    ...emptyLine(),
    product_id: p.id,
    designation: p.name,
    description: p.description,
    unit: (QUOTE_UNITS as readonly string[]).includes(p.unit) ? (p.unit as QuoteUnit) : 'u',
    unit_price_cents: p.unit_price_cents,
    tva_rate_bp: isTvaRate(p.tva_rate_bp) ? p.tva_rate_bp : 2000,
  };
}

type Dragged = { kind: 'lot'; key: string } | { kind: 'line'; key: string } | null;

export interface LotsEditorProps {
  lots: DraftLot[];
  totals: DraftTotals;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (lots: DraftLot[]) => void;
  /** The lines' price references (issue 40); none drawn when absent or when the architect does not take part. */
  priceReferences?: QuotePriceReferences;
}

/** Lots and their lines: add, rename, remove, reorder by drag (mouse) or buttons (keyboard). */
export function LotsEditor({ lots, totals, readOnly, errors, onChange, priceReferences }: LotsEditorProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<Dragged>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  /** After a keyboard move, focus follows the moved item (its buttons moved in the page). */
  const [focusId, setFocusId] = useState<{ key: string; delta: -1 | 1 } | null>(null);

  useEffect(() => {
    if (!focusId) return;
    const preferred = document.getElementById(`${focusId.key}-${focusId.delta === -1 ? 'up' : 'down'}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${focusId.key}-${focusId.delta === -1 ? 'down' : 'up'}`) as HTMLButtonElement | null;
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  }, [focusId]);

  // A line row is drawn again only when its own data change (MemoLineRow): the callbacks it keeps
  // from an earlier render read the lots, the change handler and the drag of the latest one.
  const latest = useRef({ lots, onChange, dragged });
  useLayoutEffect(() => {
    latest.current = { lots, onChange, dragged };
  });
  const setLot = (key: string, patch: (lot: DraftLot) => DraftLot) => latest.current.onChange(latest.current.lots.map((l) => (l.key === key ? patch(l) : l)));
  const references = priceReferences && !priceReferences.optedOut ? priceReferences : undefined;
  const lotName = (lot: DraftLot, i: number) => lot.title.trim() || t('quoteEditor.lots.untitled', { n: i + 1 });

  const moveLot = (index: number, delta: -1 | 1) => {
    onChange(moveItem(lots, index, index + delta));
    setAnnounce(t('quoteEditor.lots.moved', { name: lotName(lots[index], index), n: index + delta + 1 }));
    setFocusId({ key: lots[index].key, delta });
  };
  const moveLine = (lotKey: string, lineKey: string, delta: -1 | 1) => {
    const lines = latest.current.lots.find((l) => l.key === lotKey)?.lines ?? [];
    const index = lines.findIndex((x) => x.key === lineKey);
    if (index < 0) return;
    setLot(lotKey, (l) => ({ ...l, lines: moveItem(l.lines, index, index + delta) }));
    const line = lines[index];
    setAnnounce(t('quoteEditor.lines.moved', { name: line.designation.trim() || t('quoteEditor.lines.untitled', { n: index + 1 }), n: index + delta + 1 }));
    setFocusId({ key: line.key, delta });
  };

  /** Drop the dragged line before `target` (a line key), or at the end of lot `lotKey`. */
  const dropLine = (lotKey: string, targetKey: string | null) => {
    const { lots, onChange, dragged } = latest.current;
    if (dragged?.kind !== 'line' || dragged.key === targetKey) return setDragged(null);
    const source = lots.find((l) => l.lines.some((x) => x.key === dragged.key));
    const line = source?.lines.find((x) => x.key === dragged.key);
    if (!source || !line) return setDragged(null);
    const without = lots.map((l) => (l.key === source.key ? { ...l, lines: l.lines.filter((x) => x.key !== line.key) } : l));
    onChange(
      without.map((l) => {
        if (l.key !== lotKey) return l;
        const at = targetKey === null ? l.lines.length : l.lines.findIndex((x) => x.key === targetKey);
        const lines = [...l.lines];
        lines.splice(at < 0 ? lines.length : at, 0, line);
        return { ...l, lines };
      }),
    );
    setDragged(null);
  };
  const dropLot = (targetIndex: number) => {
    const { lots, onChange, dragged } = latest.current;
    if (dragged?.kind === 'lot')
      onChange(
        moveItem(
          lots,
          lots.findIndex((l) => l.key === dragged.key),
          targetIndex,
        ),
      );
    setDragged(null);
  };

  return (
    <Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announce}
      </VisuallyHidden>
      {lots.length === 0 && <Text c="dimmed">{t('quoteEditor.lots.empty')}</Text>}
      {lots.map((lot, i) => (
        <Card
          key={lot.key}
          withBorder
          component="section"
          aria-label={t('quoteEditor.lots.label', { n: i + 1, name: lotName(lot, i) })}
          data-testid="quote-lot"
          opacity={dragged?.kind === 'lot' && dragged.key === lot.key ? 0.5 : 1}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            if (dragged?.kind === 'lot') dropLot(i);
            else dropLine(lot.key, null);
          }}
        >
          {/* On a phone the subtotal and the lot's buttons go under its title rather than past the screen's edge. */}
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs" mb="sm">
            <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
              {!readOnly && (
                <Text
                  aria-hidden
                  c="dimmed"
                  mb={6}
                  style={{ cursor: 'grab', userSelect: 'none' }}
                  title={t('quoteEditor.lots.dragHint')}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', lot.key);
                    const card = e.currentTarget.closest('[data-testid="quote-lot"]');
                    if (card) e.dataTransfer.setDragImage(card, 0, 0);
                    setDragged({ kind: 'lot', key: lot.key });
                  }}
                >
                  ⠿
                </Text>
              )}
              <TextInput
                style={{ flex: 1 }}
                label={t('quoteEditor.lots.titleLabel', { n: i + 1 })}
                required
                value={lot.title}
                placeholder={t('quoteEditor.lots.titlePlaceholder')}
                onChange={(e) => {
                  const title = e.currentTarget.value;
                  setLot(lot.key, (l) => ({ ...l, title }));
                }}
                error={errors[`lot:${lot.key}.title`]}
                dir="auto"
                maxLength={120}
                readOnly={readOnly}
              />
            </Group>
            <Group gap="xs" wrap="wrap" justify="flex-end" ms="auto">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="lot-subtotal">
                {t('quoteEditor.lots.subtotal', { amount: ltr(formatEuros(totals.lots[i]?.subtotalHtCents ?? 0)) })}
              </Text>
              {!readOnly && (
                <>
                  <MoveButtons
                    index={i}
                    count={lots.length}
                    upLabel={t('quoteEditor.lots.moveUp', { name: lotName(lot, i) })}
                    downLabel={t('quoteEditor.lots.moveDown', { name: lotName(lot, i) })}
                    onMove={(d) => moveLot(i, d)}
                    idPrefix={lot.key}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('quoteEditor.lots.remove', { name: lotName(lot, i) })}
                    onClick={() => onChange(lots.filter((l) => l.key !== lot.key))}
                  >
                    ✕
                  </ActionIcon>
                </>
              )}
            </Group>
          </Group>
          {references && (
            <LotReferenceSummary comparison={compareWithReferences(lot.lines.map((line) => ({ line, reference: references.referenceOf(lot.title, line) })))} />
          )}
          <Stack gap="xs">
            {lot.lines.map((line, j) => (
              <MemoLineRow
                key={line.key}
                line={line}
                position={j + 1}
                count={lot.lines.length}
                readOnly={readOnly}
                errors={errors}
                priceReference={references?.referenceOf(lot.title, line)}
                onChange={(next) => setLot(lot.key, (l) => ({ ...l, lines: l.lines.map((x) => (x.key === line.key ? next : x)) }))}
                onMove={(d) => moveLine(lot.key, line.key, d)}
                onRemove={() => setLot(lot.key, (l) => ({ ...l, lines: l.lines.filter((x) => x.key !== line.key) }))}
                drag={{
                  dragging: dragged?.kind === 'line' && dragged.key === line.key,
                  onDragStart: () => setDragged({ kind: 'line', key: line.key }),
                  onDrop: () =>
                    latest.current.dragged?.kind === 'lot' ? dropLot(latest.current.lots.findIndex((l) => l.key === lot.key)) : dropLine(lot.key, line.key),
                }}
              />
            ))}
            {!readOnly && (
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => setPicking(lot.key)}>
                  {t('quoteEditor.lines.addFromCatalogue')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setLot(lot.key, (l) => ({ ...l, lines: [...l.lines, emptyLine()] }))}>
                  {t('quoteEditor.lines.addFree')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
      {!readOnly && (
        <Group>
          <Button variant="default" onClick={() => onChange([...lots, emptyLot()])}>
            {t('quoteEditor.lots.add')}
          </Button>
        </Group>
      )}
      <ProductPicker
        opened={picking !== null}
        onClose={() => setPicking(null)}
        onPick={(product) => {
          if (picking)
            setLot(picking, (l) => ({ ...l, title: l.title || product.lot, lines: [...l.lines, { ...lineFromProduct(product), key: newKey('line') }] }));
        }}
      />
    </Stack>
  );
}
