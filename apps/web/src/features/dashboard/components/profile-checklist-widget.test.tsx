// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProfessionalDashboard } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { ProfileChecklistWidget } from './profile-checklist-widget';

const profile: ProfessionalDashboard['profile'] = {
  percent: 75,
  complete: false,
  items: [
    { key: 'decennale', done: false, required: true, to: '/entreprise/information-legale', gaps: ['certificate'] },
    { key: 'rcPro', done: false, required: true, to: '/entreprise/information-legale', gaps: ['insurer', 'dates'] },
    { key: 'zones', done: false, required: true, to: '/entreprise/zone' },
    { key: 'trade', done: true, required: true, to: '/entreprise/metier' },
  ],
};

describe('ProfileChecklistWidget (issue 36 §6)', () => {
  it('says what an insurance lacks — the certificate only — not that the insurance is to complete', () => {
    renderWithProviders(<ProfileChecklistWidget profile={profile} />, { route: '/dashboard' });
    expect(screen.getByTestId('profile-item-decennale').textContent).toContain('Assurance décennale : attestation à déposer');
    expect(screen.getByTestId('profile-item-rcPro').textContent).toContain('Assurance RC professionnelle : assureur à indiquer, dates de validité à indiquer');
    expect(screen.getByTestId('profile-item-zones').textContent).toContain('Zones d’intervention');
  });

  it('an insurance not entered at all keeps its plain line', () => {
    const none = {
      ...profile,
      items: [{ key: 'decennale' as const, done: false, required: true, to: '/entreprise/information-legale', gaps: ['missing' as const] }],
    };
    renderWithProviders(<ProfileChecklistWidget profile={none} />, { route: '/dashboard' });
    expect(screen.getByTestId('profile-item-decennale').textContent).toContain('Assurance décennale valide');
  });

  it('in Arabic too', () => {
    renderWithProviders(<ProfileChecklistWidget profile={profile} />, { route: '/dashboard', lng: 'ar' });
    expect(screen.getByTestId('profile-item-decennale').textContent).toContain('تأمين الضمان العشري: يجب إيداع الشهادة');
  });
});
