// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProfileView } from '@ouvrage/contracts';
import { clearSession, saveSession } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import JourneyScreen from './journey-screen';

/**
 * The journey's last step (issue 36 §1 and §6, decision 1205): a logged-in client starts from their
 * known details, and a refused step keeps everything typed. The API is answered at `fetch`.
 */
vi.setConfig({ testTimeout: 60_000 });

const CLIENT = { id: 7, firstname: 'Claire', lastname: 'Durand', email: 'claire@exemple.fr', user_type: 'client' as const, is_validate: 'Validé' };
const PROFILE: ProfileView = {
  ...CLIENT,
  civility: 'Mme',
  phone: '+33612345678',
  country: 'France',
  pending_email: null,
  created_at: '2026-01-05T10:00:00.000Z',
  latest_request: { type_client: 'entreprise', company_name: 'SCI Les Tilleuls', siret: '73282932000074' },
};
const LAST_STEP = 6;
const EARLIER_STEPS = {
  support: 'Projet clé en main',
  projet: 1,
  bien: 1,
  street: '18 rue Oberkampf',
  codePostale: '75011',
  ville: 'Paris 11e Arrondissement',
  cityCode: '75111',
  showAdresse: false,
  country: 'France',
  surface: '68',
  surfaceTravaux: '45,5',
  budget: '30k-60k',
  times: 'Dans les 3 mois',
  delai: '6 à 12 mois',
  proprio: 'Propriétaire',
  description: 'Rénovation complète : cuisine ouverte, salle d’eau et électricité aux normes.',
  accompagnement: true,
  besoinAccompagnement: 'Suivi de chantier',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = vi.fn(async (url: string) => {
    if (String(url).endsWith('/api/profil/7'))
      return new Response(JSON.stringify({ data: PROFILE }), { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Introuvable.' } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function atLastStep(lng: 'fr' | 'ar' = 'fr') {
  sessionStorage.setItem('etape', JSON.stringify(LAST_STEP));
  return renderWithProviders(<JourneyScreen />, { route: '/', lng });
}

describe('JourneyScreen, contact step', () => {
  it('starts a logged-in client from their civility, client type, company and phone', async () => {
    saveSession({ token: { token: 'jeton', expires_at: new Date(Date.now() + 3_600_000).toISOString() }, datauser: CLIENT });
    atLastStep();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Madame' })).toHaveProperty('checked', true));
    expect(screen.getByRole('radio', { name: 'Entreprise' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: /Téléphone/ })).toHaveProperty('value', '06 12 34 56 78');
    expect(screen.getByRole('textbox', { name: /Raison sociale|Nom de l.entreprise|Société/ })).toHaveProperty('value', 'SCI Les Tilleuls');
    expect(screen.getByRole('textbox', { name: /Prénom/ })).toHaveProperty('value', 'Claire');
    expect(fetchMock).toHaveBeenCalledWith('/api/profil/7', expect.anything());
    // Kept for a reload, as every typed value.
    expect(sessionStorage.getItem('civility')).toBe('"Mme"');
  });

  it('asks nothing of a visitor’s profile', async () => {
    atLastStep();
    expect(await screen.findByRole('radio', { name: 'Madame' })).toHaveProperty('checked', false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps every typed value when the step is refused', async () => {
    // The earlier steps answered as a visitor would have.
    for (const [key, value] of Object.entries(EARLIER_STEPS)) sessionStorage.setItem(key, JSON.stringify(value));
    atLastStep();
    await screen.findByRole('radio', { name: 'Madame' });
    fireEvent.click(screen.getByRole('radio', { name: 'Particulier' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Monsieur' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Lambert' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Prénom/ }), { target: { value: 'Paul' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Adresse e-mail/ }), { target: { value: 'paul@' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Téléphone/ }), { target: { value: '06 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText("L'adresse e-mail n'est pas valide.")).toBeTruthy();
    // Still on the contact step, with every value as typed; nothing was sent.
    expect(screen.getByTestId('journey-step-title').textContent).toBe('Vos coordonnées');
    expect(screen.getByRole('radio', { name: 'Particulier' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Monsieur' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: /^Nom/ })).toHaveProperty('value', 'Lambert');
    expect(screen.getByRole('textbox', { name: /Prénom/ })).toHaveProperty('value', 'Paul');
    expect(screen.getByRole('textbox', { name: /Adresse e-mail/ })).toHaveProperty('value', 'paul@');
    expect(screen.getByRole('textbox', { name: /Téléphone/ })).toHaveProperty('value', '06 12 34 56 78');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
