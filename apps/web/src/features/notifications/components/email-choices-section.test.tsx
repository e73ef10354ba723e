// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { NotificationSettings } from '@ouvrage/contracts';
import { notificationGroupOf, notificationKindsFor, isLegalNotification } from '@ouvrage/domain';
import { renderWithProviders } from '../../../testing/render';
import { EmailChoicesSection } from './email-choices-section';

/**
 * « Notifications par e-mail » on /profil (decisions 0802, 1202): a switch for every kind the role
 * may receive — a client's credit notes, refunds and payments included — named from the domain's
 * kind texts in the reader's language; the page of all notifications one link away.
 */

const settings: NotificationSettings = {
  language: 'fr',
  choices: notificationKindsFor('client').map((kind) => ({ kind, group: notificationGroupOf(kind), email: true, legal: isLegalNotification(kind) })),
};
vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: async () => settings }));

/** The words beside a kind's switch. */
const nameOf = (root: HTMLElement, kind: string) => within(root).getByTestId(`email-choice-${kind}`).closest('.mantine-Switch-root')?.textContent ?? '';

describe('the e-mail choices', () => {
  it('lists every kind of a client, credit notes and payments included, with its name', async () => {
    renderWithProviders(<EmailChoicesSection />, { route: '/profil' });
    const section = await screen.findByTestId('email-choices');
    for (const c of settings.choices) expect(within(section).getByTestId(`email-choice-${c.kind}`)).toBeTruthy();
    expect(within(section).getByRole('group', { name: 'Factures' })).toBeTruthy();
    expect(nameOf(section, 'credit_note_issued')).toContain('Avoir émis');
    expect(nameOf(section, 'invoice_refunded')).toContain('Remboursement');
    expect(nameOf(section, 'payment_received')).toContain('Paiement reçu');
    expect(nameOf(section, 'payment_failed')).toContain('Paiement non abouti');
    // No key shown raw: every switch has its name.
    expect(section.textContent).not.toMatch(/notificationKinds\.|kindNames/);
    expect(within(section).getByRole('link', { name: 'Voir le centre de notifications' }).getAttribute('href')).toBe('/notifications');
  });

  it('names them in English and Arabic', async () => {
    const { unmount } = renderWithProviders(<EmailChoicesSection />, { route: '/profil', lng: 'en' });
    expect(nameOf(await screen.findByTestId('email-choices'), 'credit_note_issued')).toContain('Credit note issued');
    unmount();
    renderWithProviders(<EmailChoicesSection />, { route: '/profil', lng: 'ar' });
    const section = await screen.findByTestId('email-choices');
    expect(nameOf(section, 'payment_received')).toContain('استلام دفعة');
    expect(section.textContent).not.toMatch(/notificationKinds\.|kindNames/);
  });
});
