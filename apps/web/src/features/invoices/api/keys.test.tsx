// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useInvalidateInvoices } from './keys';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  for (const key of [
    ['invoices', 'detail', 12],
    ['payments', 'invoice', 12, null],
    ['bank-transfers', 'invoice', 12],
    ['quotes', 'list'],
  ])
    client.setQueryData(key, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0])
      .sort();
  return { wrapper, stale };
}

describe('useInvalidateInvoices', () => {
  it('after a credit note (decision 1061): the invoice, its card payments and its transfer instructions are read again', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useInvalidateInvoices({ withPayments: true }), { wrapper });
    await act(() => result.current());
    expect(stale()).toEqual(['bank-transfers', 'invoices', 'payments']);
  });

  it('after an invoice is issued: the invoices only', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useInvalidateInvoices(), { wrapper });
    await act(() => result.current());
    expect(stale()).toEqual(['invoices']);
  });
});
