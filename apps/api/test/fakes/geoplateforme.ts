import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGeocoder {
  url: string;
  requests: string[];
  /** Next answers: 'ok' (GeoJSON), 'error' (HTTP 500), 'slow' (never answers in time). */
  mode: 'ok' | 'error' | 'slow';
  close(): Promise<void>;
}

const FEATURES = [
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [2.331, 48.8686] },
    properties: {
      label: '12 Rue de la Paix 75002 Paris',
      score: 0.97,
      housenumber: '12',
      name: '12 Rue de la Paix',
      postcode: '75002',
      citycode: '75102',
      city: 'Paris',
      district: 'Paris 2e Arrondissement',
      context: '75, Paris, Île-de-France',
      type: 'housenumber',
    },
  },
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [4.8357, 45.764] },
    properties: {
      label: 'Lyon',
      name: 'Lyon',
      postcode: '69001',
      citycode: '69123',
      city: 'Lyon',
      context: '69, Rhône, Auvergne-Rhône-Alpes',
      type: 'municipality',
    },
  },
  // A feature without a commune code is skipped by the adapter.
  { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { label: 'Sans commune' } },
];

/** A local stand-in for the Géoplateforme geocoder (`GET /geocodage/search?q=`), on 127.0.0.1. */
export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const fake = { requests: [] as string[], mode: 'ok' } as FakeGeocoder;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname !== '/geocodage/search') {
      res.writeHead(404).end();
      return;
    }
    if (fake.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
      return;
    }
    if (fake.mode === 'slow') return; // the adapter's time-out fires first
    const limit = Number(url.searchParams.get('limit') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ type: 'FeatureCollection', features: FEATURES.slice(0, limit) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
