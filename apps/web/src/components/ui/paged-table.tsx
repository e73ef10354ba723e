import { useCallback, useEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { Box, Center, Group, Loader, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import classes from './paged-table.module.css';

/**
 * What a column is in a row's card, when the table is a phone's width (decision 1204): the row's
 * name (a number, a designation), its status badge, a figure (an amount, a balance, a rate — named
 * by its header), a detail (a project, a date — named too), or its next action (« Payer »). A column
 * without a role is left out of the card.
 */
export type CardRole = 'title' | 'badge' | 'figure' | 'detail' | 'action';

export interface PagedTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: number | string;
  /** Logical alignment: `start` / `end` follow the reading direction (right to left in Arabic). */
  align?: 'start' | 'center' | 'end';
  /** Keep the cell on one line (badges, dates, amounts). */
  nowrap?: boolean;
  /** Its place in the row's card on a phone; a table with no column declaring one stays a table. */
  card?: CardRole;
}

export interface PagedTableProps<T> {
  columns: PagedTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Names the table for assistive technologies; shown as a caption unless `captionHidden`. */
  caption: string;
  captionHidden?: boolean;
  loading?: boolean;
  error?: unknown;
  /** Shown instead of the table when there is no row. */
  emptyText: ReactNode;
  /** Pagination, shown when the rows span more than one page. */
  page?: number;
  perPage?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  /** Below this width the table scrolls horizontally, with a visible cue. */
  minWidth?: number;
  /** Below the table (a lot's subtotal). */
  footer?: ReactNode;
  /** Extra attributes of each row (test ids…). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  'data-testid'?: string;
}

interface Overflow {
  start: boolean;
  end: boolean;
}

/** Which sides have hidden columns; `scrollLeft` is negative in right-to-left layouts. */
function useHorizontalOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const hidden = el.scrollWidth - el.clientWidth;
    const scrolled = Math.abs(el.scrollLeft);
    const next = { start: hidden > 1 && scrolled > 1, end: hidden > 1 && scrolled < hidden - 1 };
    setOverflow((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, overflow, measure };
}

const SHADOW = 'rgba(0, 0, 0, 0.18)';

/**
 * The list screens' table: column headers, rows, loading, error and empty states, and pages.
 * It scrolls horizontally when narrower than `minWidth`, with shadows on the sides that hide
 * columns and a hint for screen readers — unless its columns declare their place in a card
 * (`card`): then, at a phone's width, each row is a card (CSS only: the same cells, laid out
 * otherwise, so nothing flashes and nothing is drawn twice; decision 1204).
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const {
    columns,
    rows,
    rowKey,
    caption,
    captionHidden,
    loading,
    error,
    emptyText,
    page = 1,
    perPage,
    total,
    onPageChange,
    minWidth = 0,
    rowProps,
    footer,
  } = props;
  const { t } = useTranslation();
  const { ref, overflow, measure } = useHorizontalOverflow();
  const hasRows = !!rows && rows.length > 0;
  const cards = columns.some((column) => column.card);
  // A table laid out as cards loses its table semantics in some browsers: the roles say it again.
  const role = (name: string) => (cards ? { role: name } : {});

  useEffect(measure, [measure, rows, columns.length]);

  const align = (column: PagedTableColumn<T>): CSSProperties => ({
    textAlign: column.align ?? 'start',
    width: column.width,
    whiteSpace: column.nowrap ? 'nowrap' : undefined,
  });
  const shadows = [overflow.start && `inset 12px 0 10px -10px ${SHADOW}`, overflow.end && `inset -12px 0 10px -10px ${SHADOW}`].filter(Boolean).join(', ');

  return (
    <Box className={classes.root} data-testid={props['data-testid']}>
      <ErrorAlert error={error} />
      {loading && !hasRows ? (
        <Center py="xl" role="status" aria-live="polite" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      ) : !hasRows ? (
        !error && (
          <Text c="dimmed" py="md" data-testid="paged-table-empty">
            {emptyText}
          </Text>
        )
      ) : (
        <>
          {(overflow.start || overflow.end) && (
            <Text size="xs" c="dimmed" ta="end" aria-hidden data-testid="paged-table-scroll-cue">
              {t('table.scrollHint')}
            </Text>
          )}
          <Box
            ref={ref}
            // A focusable, named region: keyboard users can scroll it with the arrow keys.
            tabIndex={overflow.start || overflow.end ? 0 : -1}
            role="region"
            aria-label={caption}
            style={{ overflowX: 'auto', boxShadow: shadows || undefined, transition: 'box-shadow 150ms' }}
          >
            <Table
              striped
              highlightOnHover
              className={cards ? `${classes.table} ${classes.cards}` : classes.table}
              style={{ '--paged-table-min-width': `${minWidth}px` } as CSSProperties}
              data-cards={cards || undefined}
              aria-busy={loading || undefined}
              {...role('table')}
            >
              {captionHidden ? (
                <VisuallyHidden component="caption">{caption}</VisuallyHidden>
              ) : (
                <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
              )}
              <Table.Thead {...role('rowgroup')}>
                <Table.Tr {...role('row')}>
                  {columns.map((column) => (
                    <Table.Th key={column.key} scope="col" style={align(column)} {...role('columnheader')}>
                      {column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody {...role('rowgroup')}>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)} {...rowProps?.(row)} {...role('row')}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        style={align(column)}
                        data-card={column.card}
                        // A figure's or a detail's name in the card (drawn by CSS; the header names the cell for screen readers).
                        data-label={(column.card === 'figure' || column.card === 'detail') && typeof column.header === 'string' ? column.header : undefined}
                        {...role('cell')}
                      >
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {footer}
          {overflow.end && <VisuallyHidden>{t('table.scrollHintLong')}</VisuallyHidden>}
          <ListPagination page={page} perPage={perPage} total={total} onPageChange={onPageChange} caption={caption} />
        </>
      )}
    </Box>
  );
}

/** The pages of a list, named after it, shown when its rows span more than one page. */
export function ListPagination({
  page = 1,
  perPage,
  total,
  onPageChange,
  caption,
}: {
  page?: number;
  perPage?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  caption: string;
}) {
  const { t } = useTranslation();
  const pages = perPage && total !== undefined ? Math.max(1, Math.ceil(total / perPage)) : 1;
  if (pages <= 1 || !onPageChange) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        value={page}
        onChange={onPageChange}
        total={pages}
        getItemProps={(p) => ({ 'aria-label': t('table.goToPage', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
        getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        aria-label={t('table.pagination', { caption })}
        component="nav"
      />
    </Group>
  );
}
