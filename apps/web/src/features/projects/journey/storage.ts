/**
 * The client project request lives in session storage for the browser session only, one item per
 * field under the names of spec §3, each stored as JSON text (a reload or "back" keeps them).
 */
export const JOURNEY_KEYS = [
  'support',
  'projet',
  'bien',
  'ville',
  'adresse',
  'surface',
  'surfaceTravaux',
  'budget',
  'times',
  'proprio',
  'description',
  'accompagnement',
  'besoinAccompagnement',
  'delai',
  'civility',
  'lastname',
  'firstname',
  'email',
  'phone',
  'country',
  'valueBien',
  'street',
  'codePostale',
  'cityCode',
  'showAdresse',
  'typeClient',
  'companyName',
  'siret',
  'latitude',
  'longitude',
  'userData',
  'etape',
] as const;
export type JourneyKey = (typeof JOURNEY_KEYS)[number];

/** What the form holds: numbers and amounts stay as typed ("45,5") until they are sent. */
export interface JourneyValues {
  support?: string;
  projet?: number | null;
  bien?: number | null;
  ville?: string;
  adresse?: string | null;
  surface?: string;
  surfaceTravaux?: string;
  budget?: string;
  times?: string;
  proprio?: string;
  description?: string;
  accompagnement?: boolean | null;
  besoinAccompagnement?: string | null;
  delai?: string;
  civility?: string;
  lastname?: string;
  firstname?: string;
  email?: string;
  phone?: string;
  country?: string;
  valueBien?: string;
  street?: string;
  codePostale?: string;
  cityCode?: string;
  showAdresse?: boolean | null;
  typeClient?: string;
  companyName?: string;
  siret?: string;
  latitude?: number | null;
  longitude?: number | null;
  userData?: { id: number; firstname: string; lastname: string; email: string } | null;
  etape?: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJourney(): JourneyValues {
  const store = storage();
  const values: Record<string, unknown> = {};
  if (!store) return values;
  for (const key of JOURNEY_KEYS) {
    const raw = store.getItem(key);
    if (raw === null) continue;
    try {
      values[key] = JSON.parse(raw);
    } catch {
      store.removeItem(key);
    }
  }
  return values as JourneyValues;
}

export function writeJourneyItem<K extends JourneyKey>(key: K, value: JourneyValues[K]): void {
  const store = storage();
  if (!store) return;
  if (value === undefined) store.removeItem(key);
  else store.setItem(key, JSON.stringify(value));
}

/** Once the project is submitted, nothing of it stays in the browser. */
export function clearJourney(): void {
  const store = storage();
  if (store) for (const key of JOURNEY_KEYS) store.removeItem(key);
}

/** "45,5" or "45.5" → 45.5; empty or not a number → null. */
export function parseDecimal(value: string | undefined | null): number | null {
  if (value === undefined || value === null) return null;
  const cleaned = String(value)
    .replace(/\s|\u00a0|\u202f/g, '')
    .replace(',', '.');
  if (!cleaned) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : Number.NaN;
}
