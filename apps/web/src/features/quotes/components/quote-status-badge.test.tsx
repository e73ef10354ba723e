// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QUOTE_STATUSES } from '@ouvrage/domain';
import { renderWithProviders } from '../../../testing/render';
import { QUOTE_STATUS_COLORS, QuoteStatusBadge } from './quote-status-badge';

describe('QuoteStatusBadge', () => {
  it('gives every status its own colour', () => {
    expect(Object.keys(QUOTE_STATUS_COLORS).sort()).toEqual([...QUOTE_STATUSES].sort());
    expect(new Set(Object.values(QUOTE_STATUS_COLORS)).size).toBe(QUOTE_STATUSES.length);
  });

  it.each([
    ['fr', 'Envoyé', 'Envoyé'],
    ['fr', 'Remplacé', 'Remplacé'],
    ['en', 'Envoyé', 'Sent'],
    ['en', 'Validé', 'Validated'],
    ['en', 'Remplacé', 'Superseded'],
    ['ar', 'Refusé', 'مرفوض'],
  ] as const)('in %s shows « %s » as « %s »', (lng, status, label) => {
    renderWithProviders(<QuoteStatusBadge status={status} />, { lng });
    const badge = screen.getByTestId('quote-status');
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('data-status')).toBe(status);
  });

  it('has a translated label for every status in every language', () => {
    for (const lng of ['fr', 'en', 'ar'] as const) {
      for (const status of QUOTE_STATUSES) {
        const { unmount } = renderWithProviders(<QuoteStatusBadge status={status} />, { lng });
        const text = screen.getByTestId('quote-status').textContent ?? '';
        if (lng === 'ar') expect(text, status).toMatch(/[\u0600-\u06FF]/);
        else expect(text, status).not.toBe('');
        unmount();
      }
    }
  });
});
