import { lazy, use, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

// The query library's client (and its core: queries, mutations, cache) is not part of the first
// pages' code: none of them queries before its first screen shows (decision 0949). It loads with
// the session check on any other screen, or once a first page is shown, for its later parts.
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | undefined;

/** Load the app's query client once. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('../lib/query-client').then((m) => (client = m.queryClient));
  return loading;
}

/** The query client if it has loaded already: nothing is cached before (nothing to invalidate). */
export function loadedQueryClient(): QueryClient | null {
  return client;
}

/** Shows its children inside the query client's provider once it has loaded (the nearest Suspense shows meanwhile). */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const loaded = client ?? use(loadQueryClient());
  return <QueryClientProvider client={loaded}>{children}</QueryClientProvider>;
}

/** `lazy()` for a part of a first page that queries: its code and the query client load together. */
export function lazyWithQueryClient<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    Promise.all([load(), loadQueryClient()]).then(([{ default: Part }, loaded]) => ({
      default: function WithClient(props: P) {
        return (
          <QueryClientProvider client={loaded}>
            <Part {...props} />
          </QueryClientProvider>
        );
      },
    })),
  );
}
