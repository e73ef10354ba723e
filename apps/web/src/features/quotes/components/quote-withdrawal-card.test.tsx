// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteRoutes } from '@ouvrage/contracts';
import { quoteDetail, renderQuotes } from '../testing/fixtures';
import { QuoteWithdrawalCard } from './quote-withdrawal-card';

const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: (async () => undefined) as (...args: unknown[]) => Promise<unknown> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: (...args: unknown[]) => {
    api.calls.push(args);
    return api.answer(...args);
  },
}));
const who = vi.hoisted(() => ({ id: 0, user_type: 'client' }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ ...who, is_validate: 'Validé', firstname: 'C', lastname: 'M', email: 'c@m.fr' }) }));

const signed = quoteDetail({ status: 'Validé', withdrawal: { deadline: '2026-12-04', open: true, withdrawn_at: null } });

describe('QuoteWithdrawalCard', () => {
  beforeEach(() => {
    api.calls.length = 0;
    who.id = signed.client.id;
    who.user_type = 'client';
  });

  it('shows the last day and, for the quote’s client, withdraws only after the confirmation', async () => {
    const done = vi.fn();
    api.answer = async () => ({ ...signed, status: 'Rétracté' });
    renderQuotes(<QuoteWithdrawalCard quote={signed} onDone={done} />);
    expect(screen.getByTestId('quote-withdrawal-deadline').textContent).toContain('04/12/2026');
    await userEvent.click(screen.getByTestId('quote-withdraw'));
    expect(api.calls).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('quote-withdraw-confirm'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(api.calls[0][0]).toBe(quoteRoutes.withdrawQuote);
    expect(api.calls[0][1]).toEqual({ params: { id: signed.id } });
  });

  it('offers no button to the architect, nor once the period has ended; nothing when no withdrawal applies', () => {
    who.user_type = 'architecte';
    who.id = signed.issuer.id;
    const { unmount } = renderQuotes(<QuoteWithdrawalCard quote={signed} onDone={() => {}} />);
    expect(screen.queryByTestId('quote-withdraw')).toBeNull();
    unmount();
    who.user_type = 'client';
    who.id = signed.client.id;
    const ended = renderQuotes(
      <QuoteWithdrawalCard quote={{ ...signed, withdrawal: { deadline: '2026-11-16', open: false, withdrawn_at: null } }} onDone={() => {}} />,
    );
    expect(screen.queryByTestId('quote-withdraw')).toBeNull();
    ended.unmount();
    renderQuotes(<QuoteWithdrawalCard quote={{ ...signed, withdrawal: null }} onDone={() => {}} />);
    expect(screen.queryByTestId('quote-withdrawal')).toBeNull();
  });
});
