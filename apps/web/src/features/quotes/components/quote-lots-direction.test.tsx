// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { line, lot, renderQuotes } from '../testing/fixtures';
import { QuoteLots } from './quote-lots';

/**
 * Typed French text in an Arabic page keeps its own direction (decision 1206): without it, « Fourni
 * et posé. » reads « .Fourni et posé » — its stop jumps to its start.
 */
describe('QuoteLots in Arabic', () => {
  it('shows each designation and description in its own direction', async () => {
    const typed = line({ designation: 'Carrelage mural.', description: 'Fourni et posé.' });
    renderQuotes(<QuoteLots lots={[lot('Carrelage', [typed])]} accepted={false} />, { lng: 'ar' });
    const designation = (await screen.findAllByText('Carrelage mural.'))[0];
    expect(designation.closest('bdi')).not.toBeNull();
    const description = screen.getAllByText('Fourni et posé.')[0];
    expect(description.closest('[dir="auto"]')).not.toBeNull();
  });
});
