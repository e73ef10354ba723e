import { describe, expect, it } from 'vitest';
import type { ProfileView } from '@ouvrage/contracts';
import { startingDetails } from './client-details';

const profile: ProfileView = {
  id: 7,
  civility: 'Mme',
  firstname: 'Claire',
  lastname: 'Durand',
  email: 'claire@exemple.fr',
  phone: '+33612345678',
  country: 'France',
  user_type: 'client',
  is_validate: 'Validé',
  pending_email: null,
  created_at: '2026-01-05T10:00:00.000Z',
  latest_request: { type_client: 'entreprise', company_name: 'SCI Les Tilleuls', siret: '73282932000074' },
};

describe('a logged-in client’s new request starts from their known details', () => {
  it('fills civility, phone (as written in France), client type and company', () => {
    expect(startingDetails(profile, {})).toEqual({
      civility: 'Mme',
      phone: '06 12 34 56 78',
      typeClient: 'entreprise',
      companyName: 'SCI Les Tilleuls',
      siret: '73282932000074',
    });
  });

  it('keeps what the client already typed or chose', () => {
    expect(startingDetails(profile, { civility: 'M.', phone: '07 00 00 00 01', typeClient: 'particulier' })).toEqual({});
  });

  it('fills nothing it does not know', () => {
    expect(startingDetails({ ...profile, civility: null, phone: null, country: null, latest_request: null }, {})).toEqual({});
    expect(startingDetails({ ...profile, latest_request: { type_client: 'particulier', company_name: null, siret: null } }, {})).toMatchObject({
      typeClient: 'particulier',
    });
  });
});
