// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { StatusRegister } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { ChecklistItems } from './profile-checklist';

const status: StatusRegister = {
  is_validate: 'En attente',
  validation_reason: null,
  completeness: {
    percent: 70,
    complete: false,
    missing: ['decennale', 'rcPro', 'zones'],
    items: [
      { key: 'decennale', done: false, required: true, gaps: ['certificate'] },
      { key: 'rcPro', done: false, required: true, gaps: ['missing'] },
      { key: 'zones', done: false, required: true },
      { key: 'trade', done: true, required: true },
    ],
  },
};

describe('ChecklistItems on /entreprise (issue 36 §6)', () => {
  it('says what an insurance lacks, links it to its screen, and keeps the plain line for one not entered', () => {
    renderWithProviders(<ChecklistItems status={status} />, { route: '/entreprise' });
    const decennale = screen.getByTestId('check-decennale');
    expect(decennale.textContent).toContain('Assurance décennale : attestation à déposer');
    expect(decennale.querySelector('a')?.getAttribute('href')).toBe('/entreprise/information-legale');
    expect(screen.getByTestId('check-rcPro').textContent).toContain('Responsabilité civile professionnelle valide avec attestation');
    expect(screen.getByTestId('check-zones').textContent).toContain("Au moins une zone d'intervention");
  });

  it('in English and Arabic too', () => {
    const { unmount } = renderWithProviders(<ChecklistItems status={status} />, { route: '/entreprise', lng: 'en' });
    expect(screen.getByTestId('check-decennale').textContent).toContain('Ten-year liability insurance: certificate to upload');
    unmount();
    renderWithProviders(<ChecklistItems status={status} />, { route: '/entreprise', lng: 'ar' });
    expect(screen.getByTestId('check-decennale').textContent).toContain('تأمين الضمان العشري: يجب إيداع الشهادة');
  });
});
