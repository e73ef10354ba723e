import type { AddressSuggestion } from '@ouvrage/contracts';
import { departementOfCityCode } from '@ouvrage/domain';
import type { AddressSearch } from './types';

interface GeocoderFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    label?: string;
    name?: string;
    postcode?: string;
    city?: string;
    citycode?: string;
    context?: string;
    type?: string;
  };
}

/** The Géoplateforme geocoder (ex API Adresse): `GET {base}/geocodage/search?q=` → GeoJSON. */
export class GeoplateformeAddressSearch implements AddressSearch {
  readonly source = 'geoplateforme' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 3000,
  ) {}

  async search(query: string, limit: number): Promise<AddressSuggestion[]> {
    const url = new URL(`${this.baseUrl}/geocodage/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('index', 'address');
    const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Géoplateforme a répondu ${response.status}`);
    const body = (await response.json()) as { features?: GeocoderFeature[] };
    const items: AddressSuggestion[] = [];
    for (const f of body.features ?? []) {
      const p = f.properties ?? {};
      if (!p.citycode || !p.postcode || !p.city) continue;
      const kind = p.type === 'municipality' ? 'municipality' : p.type === 'street' ? 'street' : 'address';
      const [lon, lat] = f.geometry?.coordinates ?? [];
      items.push({
        label: p.label ?? `${p.name ?? ''} ${p.postcode} ${p.city}`.trim(),
        street: kind === 'municipality' ? '' : (p.name ?? ''),
        postcode: p.postcode,
        city: p.city,
        city_code: p.citycode,
        departement: departementOfCityCode(p.citycode),
        context: p.context ?? '',
        latitude: typeof lat === 'number' ? lat : null,
        longitude: typeof lon === 'number' ? lon : null,
        kind,
      });
    }
    return items.slice(0, limit);
  }
}
