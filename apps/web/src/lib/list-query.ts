import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router';

/**
 * One list screen's state — its filters, page and sort — kept in the address (decision 1130): a
 * filtered list can be shared, reloaded, and the back button undoes the last filter or page.
 *
 * Filters are declared once with their type and default; a value equal to its default stays out of
 * the address (`/facture/list`, not `/facture/list?page=1&sort=recent`). Changing a filter goes back
 * to page 1. Text is applied once the user pauses typing.
 */

/** Free text (a search box): trimmed, applied after a pause in typing. */
export interface TextFilter {
  kind: 'text';
}
/** One value of a fixed list (a status, a kind, a sort); `null` (« all ») unless a default is given. */
export interface ChoiceFilter<V extends string, D extends V | null> {
  kind: 'choice';
  /** The values it accepts; null: values known only at run time (an id, a département code). */
  values: readonly V[] | null;
  fallback: D;
}
/** A box to tick (« show archived »): `1` in the address when ticked. */
export interface FlagFilter {
  kind: 'flag';
}
/** A day, `YYYY-MM-DD` (one end of a date range). */
export interface DateFilter {
  kind: 'date';
}

export type ListFilter = TextFilter | ChoiceFilter<string, string | null> | FlagFilter | DateFilter;
export type ListFilters = Record<string, ListFilter>;

export const textFilter = (): TextFilter => ({ kind: 'text' });
export function choiceFilter<const V extends string>(values: readonly V[]): ChoiceFilter<V, null>;
export function choiceFilter<const V extends string>(values: readonly V[], fallback: NoInfer<V>): ChoiceFilter<V, V>;
export function choiceFilter<const V extends string>(values: readonly V[], fallback: V | null = null): ChoiceFilter<V, V | null> {
  return { kind: 'choice', values, fallback };
}
/** One value of a list the screen loads (a profession id, a département): any short value is read, the API checks it. */
export const optionFilter = (): ChoiceFilter<string, null> => ({ kind: 'choice', values: null, fallback: null });
export const flagFilter = (): FlagFilter => ({ kind: 'flag' });
export const dateFilter = (): DateFilter => ({ kind: 'date' });

/** What a filter holds on the screen: text and dates as strings ('' when empty), a choice or null, a flag. */
export type FilterValue<F> = F extends TextFilter | DateFilter
  ? string
  : F extends ChoiceFilter<infer V, infer D>
    ? V | D
    : F extends FlagFilter
      ? boolean
      : never;
export type FilterValues<F extends ListFilters> = { [K in keyof F]: FilterValue<F[K]> };

/** The filters that always hold a value: choices with a default (a sort, a view). */
type DefaultedKeys<F extends ListFilters> = {
  [K in keyof F]: F[K] extends ChoiceFilter<string, infer D> ? ([D] extends [string] ? K : never) : never;
}[keyof F];

/** What the list endpoint receives: the page, its size, every filter that is set (empty ones are left out) and those with a default. */
export type ListRequest<F extends ListFilters> = { page: number; per_page: number } & { [K in DefaultedKeys<F>]: FilterValue<F[K]> } & {
  [K in Exclude<keyof F, DefaultedKeys<F>>]?: F[K] extends FlagFilter ? 'true' : Exclude<FilterValue<F[K]>, null>;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A filter's value read from the address: anything unknown or malformed is its default. */
export function readFilter(filter: ListFilter, raw: string | null): string | boolean | null {
  switch (filter.kind) {
    case 'text':
      return (raw ?? '').trim().slice(0, 200);
    case 'date':
      return raw && DATE.test(raw) ? raw : '';
    case 'flag':
      return raw === '1';
    case 'choice':
      if (raw === null) return filter.fallback;
      return (filter.values ? filter.values.includes(raw) : raw.length > 0 && raw.length <= 100) ? raw : filter.fallback;
  }
}

/** A filter's value written to the address, or null when it is the default (left out). */
export function writeFilter(filter: ListFilter, value: string | boolean | null): string | null {
  switch (filter.kind) {
    case 'text':
    case 'date': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : text;
    }
    case 'flag':
      return value === true ? '1' : null;
    case 'choice':
      return value === null || value === filter.fallback || typeof value !== 'string' ? null : value;
  }
}

/** A page number read from the address: a whole number from 1, else 1. */
export function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface ListQueryOptions<F extends ListFilters, TData> {
  filters: F;
  perPage?: number;
  /** Prefix of this list's parameters, when two lists share an address (`leads_page`). */
  prefix?: string;
  /** The list's query key and fetcher for a request (a typed endpoint through `callEndpoint`). */
  query: (request: ListRequest<F>) => { queryKey: QueryKey; queryFn: (context: { signal: AbortSignal }) => Promise<TData> };
  enabled?: boolean;
  /** Pause in typing after which a text filter applies, in milliseconds. */
  debounceMs?: number;
}

export interface ListQuery<F extends ListFilters, TData> {
  filters: F;
  /** The filters as shown in the filter bar (text as typed, before the pause). */
  values: FilterValues<F>;
  /** Change one filter: back to page 1; text is applied after the pause. */
  setFilter: <K extends keyof F>(name: K, value: FilterValues<F>[K]) => void;
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  /** What the endpoint receives. */
  request: ListRequest<F>;
  result: ReturnType<typeof useQuery<TData>>;
}

/** The react-query query of a list screen, with its filters, page and sort in the address. */
export function useListQuery<F extends ListFilters, TData>(options: ListQueryOptions<F, TData>): ListQuery<F, TData> {
  const { filters, perPage = 20, prefix = '', enabled = true, debounceMs = 300 } = options;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // Where the address is now, which the screen still shown may not know yet: the data router's state
  // (the app, decision 1203), or the history of a plain router (the tests' MemoryRouter).
  const dataRouter = useContext(UNSAFE_DataRouterContext)?.router;
  const navigator = useContext(UNSAFE_NavigationContext).navigator as { location?: { pathname: string } };
  const names = Object.keys(filters) as Array<keyof F & string>;
  const param = useCallback((name: string) => (prefix ? `${prefix}_${name}` : name), [prefix]);

  // The applied values: read from the address, so a reload or the back button restores them.
  const applied = {} as FilterValues<F>;
  for (const name of names) (applied as Record<string, unknown>)[name] = readFilter(filters[name], params.get(param(name)));
  const page = readPage(params.get(param('page')));

  // Several changes in one event (a text applied while a select changes) build on each other.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const write = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      // The user has left this screen (a link clicked while the next page loads, which keeps this one
      // on screen): a late write — the search applied after the pause — must not bring them back.
      const current = dataRouter?.state.location.pathname ?? navigator.location?.pathname;
      if (current !== undefined && current !== location.pathname) return;
      const next = new URLSearchParams(pending.current ?? params);
      change(next);
      pending.current = next;
      // `state` kept: some lists read who they show from it (a client's payments).
      setParams(next, { state: location.state, preventScrollReset: true, replace });
    },
    [params, setParams, location.state, location.pathname, navigator, dataRouter],
  );

  // One entry of the history per search typed: pauses while typing the same words replace it.
  const typing = useRef<{ entry: string | null; awaiting: boolean }>({ entry: null, awaiting: false });
  useEffect(() => {
    if (typing.current.awaiting) typing.current = { entry: location.key, awaiting: false };
  }, [location.key]);

  // Text as typed: applied to the address after a pause, and taken back from it when the address
  // changes from elsewhere (back button, a link).
  const textNames = names.filter((name) => filters[name].kind === 'text');
  const appliedText = textNames.map((name) => applied[name] as string);
  const [drafts, setDrafts] = useState<Record<string, string>>(() => Object.fromEntries(textNames.map((name, i) => [name, appliedText[i]])));
  const [debounced] = useDebouncedValue(drafts, debounceMs);
  const written = useRef<Record<string, string>>({});
  const appliedKey = JSON.stringify(appliedText);
  useEffect(() => {
    const fromAddress = JSON.parse(appliedKey) as string[];
    setDrafts((current) => {
      let changed = false;
      const next = { ...current };
      textNames.forEach((name, i) => {
        const value = fromAddress[i];
        if (written.current[name] === value) return; // our own write: keep what is being typed
        delete written.current[name];
        if ((current[name] ?? '').trim() !== value) {
          next[name] = value;
          changed = true;
        }
      });
      return changed ? next : current;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address's text values are the trigger
  }, [appliedKey]);
  useEffect(() => {
    const changed = textNames.filter((name) => (debounced[name] ?? '').trim() !== (applied[name] as string));
    if (changed.length === 0) return;
    const replace = typing.current.entry === location.key;
    typing.current.awaiting = true;
    write((next) => {
      for (const name of changed) {
        const value = writeFilter(filters[name], debounced[name] ?? '');
        written.current[name] = value ?? '';
        if (value === null) next.delete(param(name));
        else next.set(param(name), value);
      }
      next.delete(param('page'));
    }, replace);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the typing pauses
  }, [debounced]);

  const setFilter = useCallback(
    <K extends keyof F>(name: K, value: FilterValues<F>[K]) => {
      const filter = filters[name];
      if (filter.kind === 'text') {
        setDrafts((current) => ({ ...current, [name]: value as string }));
        return;
      }
      write((next) => {
        const text = writeFilter(filter, value as string | boolean | null);
        if (text === null) next.delete(param(name as string));
        else next.set(param(name as string), text);
        next.delete(param('page'));
      });
    },
    [filters, write, param],
  );

  const setPage = useCallback(
    (to: number) =>
      write((next) => {
        if (to <= 1) next.delete(param('page'));
        else next.set(param('page'), String(to));
      }),
    [write, param],
  );

  const request = useMemo(() => {
    const built: Record<string, unknown> = { page, per_page: perPage };
    for (const name of names) {
      const value = applied[name] as string | boolean | null;
      if (value === null || value === '' || value === false) continue;
      built[name] = value === true ? 'true' : value;
    }
    return built as ListRequest<F>;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `applied` is rebuilt from the address on every render
  }, [params, page, perPage]);

  const { queryKey, queryFn } = options.query(request);
  const result = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, enabled });

  const values = { ...applied } as FilterValues<F>;
  for (const name of textNames) (values as Record<string, unknown>)[name] = drafts[name] ?? '';

  return { filters, values, setFilter, page, perPage, setPage, request, result };
}
