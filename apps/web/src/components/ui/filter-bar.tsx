import { lazy, Suspense, type ReactNode } from 'react';
import { Checkbox, Group, SegmentedControl, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChoiceFilter, DateFilter, FlagFilter, ListFilters, ListQuery, TextFilter } from '../../lib/list-query';

// The calendar (Mantine dates, dayjs locales) loads only with a screen that filters on dates.
const DateField = lazy(() => import('./date-field').then((m) => ({ default: m.DateField })));

type KeysOf<F extends ListFilters, Kind> = { [K in keyof F]: F[K] extends Kind ? K : never }[keyof F] & string;
type Option = { value: string; label: string };

interface Common {
  label: ReactNode;
  description?: ReactNode;
  testId?: string;
  w?: number;
  miw?: number;
  maw?: number;
  /** CSS `flex` of the field in a row (grow from a basis: `1 1 240px`). */
  flex?: string;
}

/** The filters a list declares, drawn in order. */
export type FilterField<F extends ListFilters> =
  | (Common & { type: 'search'; name: KeysOf<F, TextFilter>; placeholder?: string; maxLength?: number })
  | (Common & { type: 'select'; name: KeysOf<F, ChoiceFilter<string, string | null>>; placeholder?: string; options: Option[]; searchable?: boolean })
  | (Common & { type: 'segmented'; name: KeysOf<F, ChoiceFilter<string, string>>; options: Option[] })
  | (Common & { type: 'checkbox'; name: KeysOf<F, FlagFilter> })
  | (Common & { type: 'dateRange'; from: KeysOf<F, DateFilter>; to: KeysOf<F, DateFilter>; fromLabel?: ReactNode; toLabel?: ReactNode });

export interface FilterBarProps<F extends ListFilters> {
  list: Pick<ListQuery<F, unknown>, 'filters' | 'values' | 'setFilter'>;
  fields: Array<FilterField<F> | false | null | undefined>;
  /** `row` (default): the fields side by side, wrapping; `grid`: one to four equal columns by width. */
  layout?: 'row' | 'grid';
}

/**
 * The filter bar of the list screens (decision 1130): a search box, selects (a status, a kind, a
 * sort), a choice of views, a box to tick, a date range — each bound to its filter of
 * `useListQuery`, so that a change goes to the address and back to page 1.
 */
export function FilterBar<F extends ListFilters>({ list, fields, layout = 'row' }: FilterBarProps<F>) {
  const { t } = useTranslation();
  const values = list.values as Record<string, unknown>;
  const set = list.setFilter as (name: string, value: unknown) => void;
  const shown = fields.filter((f): f is FilterField<F> => !!f);
  if (shown.length === 0) return null;
  const Bar = layout === 'grid' ? GridBar : RowBar;
  return (
    <Bar>
      {shown.map((field) => {
        switch (field.type) {
          case 'search':
            return (
              <TextInput
                key={field.name}
                label={field.label}
                description={field.description}
                placeholder={field.placeholder}
                value={values[field.name] as string}
                onChange={(e) => set(field.name, e.currentTarget.value)}
                maxLength={field.maxLength ?? 100}
                style={field.flex ? { flex: field.flex } : undefined}
                w={field.w}
                miw={field.miw ?? (field.w || field.maw || field.flex || layout === 'grid' ? undefined : 260)}
                maw={field.maw}
                data-testid={field.testId}
              />
            );
          case 'select': {
            // A filter with a default (a sort) always has a value; the others can be cleared (« all »).
            const fixed = (list.filters[field.name] as ChoiceFilter<string, string | null>).fallback !== null;
            return (
              <Select
                key={field.name}
                label={field.label}
                description={field.description}
                placeholder={field.placeholder}
                data={field.options}
                value={values[field.name] as string | null}
                onChange={(value) => set(field.name, value)}
                searchable={field.searchable}
                clearable={!fixed}
                allowDeselect={!fixed}
                comboboxProps={{ withinPortal: true }}
                style={field.flex ? { flex: field.flex } : undefined}
                w={field.w}
                miw={field.miw}
                maw={field.maw ?? (field.w || field.flex || layout === 'grid' ? undefined : 240)}
                data-testid={field.testId}
              />
            );
          }
          case 'segmented':
            return (
              <SegmentedControl
                key={field.name}
                value={values[field.name] as string}
                onChange={(value) => set(field.name, value)}
                data={field.options}
                aria-label={typeof field.label === 'string' ? field.label : undefined}
                w={field.w}
                miw={field.miw}
                maw={field.maw}
                data-testid={field.testId}
              />
            );
          case 'checkbox':
            return (
              <Checkbox
                key={field.name}
                label={field.label}
                description={field.description}
                checked={values[field.name] as boolean}
                onChange={(e) => set(field.name, e.currentTarget.checked)}
                mb={8}
                data-testid={field.testId}
              />
            );
          case 'dateRange': {
            const from = (
              <DateField
                label={field.fromLabel ?? t('listFilters.from')}
                value={values[field.from] as string}
                onChange={(value) => set(field.from, value)}
                maxDate={(values[field.to] as string) || undefined}
                w={field.w}
              />
            );
            const to = (
              <DateField
                label={field.toLabel ?? t('listFilters.to')}
                value={values[field.to] as string}
                onChange={(value) => set(field.to, value)}
                minDate={(values[field.from] as string) || undefined}
                w={field.w}
              />
            );
            return (
              <Suspense key={field.from} fallback={null}>
                {layout === 'grid' ? (
                  <>
                    {from}
                    {to}
                  </>
                ) : (
                  <Group
                    gap="xs"
                    align="flex-end"
                    wrap="nowrap"
                    role="group"
                    aria-label={typeof field.label === 'string' ? field.label : undefined}
                    data-testid={field.testId}
                  >
                    {from}
                    {to}
                  </Group>
                )}
              </Suspense>
            );
          }
        }
      })}
    </Bar>
  );
}

function RowBar({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" wrap="wrap" data-testid="filter-bar">
      {children}
    </Group>
  );
}

function GridBar({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="filter-bar">
      {children}
    </SimpleGrid>
  );
}
