import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListFilters, ListQuery } from '../../lib/list-query';
import { resultsCount } from '../../lib/results-count';
import { ErrorAlert } from './error-alert';
import { FilterBar, type FilterBarProps } from './filter-bar';
import { ListPagination, PagedTable, type PagedTableProps } from './paged-table';

/** What a list endpoint answers: a page of rows and how many there are in all. */
export interface ListAnswer<T> {
  items: T[];
  total: number;
  total_capped?: boolean;
}

type TableProps<T> = Omit<
  PagedTableProps<T>,
  'rows' | 'loading' | 'error' | 'page' | 'perPage' | 'total' | 'onPageChange' | 'caption' | 'captionHidden' | 'emptyText'
>;

export interface ListScreenProps<F extends ListFilters, T> {
  list: ListQuery<F, ListAnswer<T>>;
  /** The screen's heading (`h1`); a panel inside another screen has none. */
  title?: ReactNode;
  /** `section`: a list among others on a screen (an `h2`, tighter). */
  variant?: 'screen' | 'section';
  /** Names the table for assistive technologies (defaults to the title when it is text). */
  caption?: string;
  /** Buttons and links beside the title. */
  actions?: ReactNode;
  /** Between the heading and the filters (an introduction, a notice). */
  children?: ReactNode;
  filters?: FilterBarProps<F>['fields'];
  filterLayout?: FilterBarProps<F>['layout'];
  /** « 42 résultat(s) » above the table (on by default). */
  count?: boolean;
  emptyText: ReactNode;
  table: TableProps<T>;
  /** Instead of the table, the rows drawn otherwise (a phone's cards); pages, empty and error states stay. */
  body?: (rows: T[]) => ReactNode;
  'data-testid'?: string;
}

/**
 * A list screen (decision 1130): heading and actions, the filter bar, the number of results, the
 * paged table with its loading, empty and error states — all bound to one `useListQuery`.
 */
export function ListScreen<F extends ListFilters, T>(props: ListScreenProps<F, T>) {
  const { list, title, variant = 'screen', actions, children, filters, filterLayout, count = true, emptyText, table, body } = props;
  const { t } = useTranslation();
  const data = list.result.data;
  const caption = props.caption ?? (typeof title === 'string' ? title : '');
  const paging = { page: list.page, perPage: list.perPage, total: data?.total, onPageChange: list.setPage };
  return (
    <Stack gap={variant === 'section' ? 'sm' : undefined} data-testid={props['data-testid']}>
      {(title || actions) && (
        <Group justify="space-between" align="baseline">
          {title && (
            <Title order={variant === 'section' ? 2 : 1} size={variant === 'section' ? 'h4' : 'h2'}>
              {title}
            </Title>
          )}
          {actions && <Group>{actions}</Group>}
        </Group>
      )}
      {children}
      {filters && <FilterBar list={list} fields={filters} layout={filterLayout} />}
      {count && data && (
        <Text size="sm" c="dimmed" role="status">
          {resultsCount(t, { total: data.total, total_capped: data.total_capped ?? false })}
        </Text>
      )}
      {body && data ? (
        <Stack>
          <ErrorAlert error={list.result.error} />
          {data.items.length === 0 ? (
            <Text c="dimmed" py="md" data-testid="paged-table-empty">
              {emptyText}
            </Text>
          ) : (
            body(data.items)
          )}
          <ListPagination {...paging} caption={caption} />
        </Stack>
      ) : (
        <PagedTable<T>
          {...table}
          caption={caption}
          captionHidden
          rows={data?.items}
          loading={list.result.isPending}
          error={list.result.error}
          emptyText={emptyText}
          {...paging}
        />
      )}
    </Stack>
  );
}
