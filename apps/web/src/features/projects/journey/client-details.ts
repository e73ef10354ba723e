import { userRoutes, type ProfileView } from '@ouvrage/contracts';
import { CIVILITIES, formatPhone } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { JourneyValues } from './storage';

/**
 * A logged-in client's new request starts from what the platform knows of them (issue 36 §6,
 * decision 1205): civility and phone from their profile; particulier or entreprise — with
 * the company's name and SIRET — as given with their latest request. Loaded only for a logged-in
 * client: a visitor's first page does without it.
 */
export function fetchClientProfile(userId: number): Promise<ProfileView> {
  return callEndpoint(userRoutes.getProfile, { params: { id: userId } });
}

/** The known details for the fields still empty: what the client already typed is kept. */
export function startingDetails(profile: ProfileView, typed: JourneyValues): Partial<JourneyValues> {
  const known: Partial<JourneyValues> = {};
  if (profile.civility && (CIVILITIES as readonly string[]).includes(profile.civility)) known.civility = profile.civility;
  if (profile.phone) known.phone = formatPhone(profile.phone);
  const latest = profile.latest_request;
  if (latest) {
    known.typeClient = latest.type_client;
    if ((typed.typeClient ?? latest.type_client) === 'entreprise') {
      if (latest.company_name) known.companyName = latest.company_name;
      if (latest.siret) known.siret = latest.siret;
    }
  }
  return Object.fromEntries(Object.entries(known).filter(([key]) => !typed[key as keyof JourneyValues])) as Partial<JourneyValues>;
}
