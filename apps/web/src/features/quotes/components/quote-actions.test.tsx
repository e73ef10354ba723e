// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteRoutes } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { quoteDetail, renderQuotes } from '../testing/fixtures';
import { QuoteActions } from './quote-actions';

// A plain stand-in rather than vi.fn: here (Vitest 4.1) a spy whose returned promise rejected failed the test.
const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: (async () => undefined) as (...args: unknown[]) => Promise<unknown> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: (...args: unknown[]) => {
    api.calls.push(args);
    return api.answer(...args);
  },
}));

const none = { edit: false, delete: false, send: false, accept: false, refuse: false, cancel: false, validate: false, new_version: false, sign: false };

describe('QuoteActions', () => {
  it('shows only the buttons the API allows', () => {
    renderQuotes(
      <QuoteActions quote={quoteDetail({ status: 'Brouillon', can: { ...none, edit: true, send: true, delete: true, cancel: true } })} onDone={() => {}} />,
    );
    expect(screen.getByTestId('quote-edit').getAttribute('href')).toBe('/devis/7/modifier');
    expect(screen.getByTestId('quote-send')).toBeTruthy();
    expect(screen.getByTestId('quote-delete')).toBeTruthy();
    expect(screen.queryByTestId('quote-accept')).toBeNull();
    expect(screen.queryByTestId('quote-validate')).toBeNull();
  });

  it('renders nothing when the caller may do nothing', () => {
    renderQuotes(<QuoteActions quote={quoteDetail({ can: none })} onDone={() => {}} />);
    expect(screen.queryByTestId('quote-actions')).toBeNull();
  });

  it('lists the missing mentions, translated, with the way to fill them, when sending is refused', async () => {
    api.calls.length = 0;
    api.answer = async () => {
      throw new ApiError(
        'Ce devis ne peut pas être envoyé : il manque le numéro SIRET, l’assurance décennale.',
        409,
        'QUOTE_MENTIONS_MISSING',
        {},
        { missing: 'siret,decennale', list: 'le numéro SIRET, l’assurance décennale' },
      );
    };
    renderQuotes(<QuoteActions quote={quoteDetail({ status: 'Brouillon', can: { ...none, send: true } })} onDone={() => {}} />, { lng: 'en' });
    await userEvent.click(screen.getByTestId('quote-send'));
    const alert = await screen.findByTestId('missing-mentions');
    expect(alert.getAttribute('role')).toBe('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'the SIRET number',
      'the ten-year liability insurance (insurer and its address, policy, area covered)',
    ]);
    expect(screen.getByRole('link', { name: 'Complete my legal information' }).getAttribute('href')).toBe('/entreprise/information-legale');
    expect(api.calls[0][0]).toBe(quoteRoutes.sendQuote);
  });

  it('requires a reason to refuse', async () => {
    api.calls.length = 0;
    renderQuotes(<QuoteActions quote={quoteDetail({ can: { ...none, accept: true, refuse: true } })} onDone={() => {}} />);
    await userEvent.click(screen.getByTestId('quote-refuse'));
    await userEvent.click(await screen.findByTestId('refuse-confirm'));
    expect(screen.getByText('Indiquez la raison (au moins 3 caractères).')).toBeTruthy();
    expect(api.calls).toEqual([]);
    api.answer = async () => quoteDetail({ status: 'Refusé' });
    await userEvent.type(screen.getByTestId('refuse-reason'), 'Trop cher pour nous');
    await userEvent.click(screen.getByTestId('refuse-confirm'));
    expect(api.calls[0]).toEqual([quoteRoutes.refuseQuote, { params: { id: 7 }, body: { reason: 'Trop cher pour nous' } }]);
  });
});
