import { describe, expect, it } from 'vitest';
import { authEndpoints, geoEndpoints, professionalEndpoints, professionalLines, userEndpoints, userLines, type AnyEndpoint } from '@ouvrage/contracts';
import { useTestApp } from '../helpers';

/**
 * The professionals, users, auth and geo routes registered from their endpoint contracts keep
 * their OpenAPI paths, methods, statuses and path parameters (decision 1171).
 */
const ctx = useTestApp();

type Operation = { responses: Record<string, unknown>; requestBody?: { content?: Record<string, unknown> }; parameters?: Array<{ in: string; name: string }> };
const operations = () => (ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }).paths;

describe('professionals, users, auth and geo routes from endpoint contracts', () => {
  it('documents each endpoint with its success status and its error statuses', () => {
    const paths = operations();
    const groups: Record<string, AnyEndpoint>[] = [professionalEndpoints, userEndpoints, authEndpoints, geoEndpoints];
    for (const endpoint of groups.flatMap((group) => Object.values(group))) {
      const operation = paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(Object.keys(operation!.responses).map(Number).sort(), `${endpoint.method} ${endpoint.path}`).toEqual([endpoint.status, ...endpoint.errors].sort());
      if (endpoint.body) expect(operation!.requestBody, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      if (endpoint.params) expect(operation!.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id']);
    }
  });

  it('registers the file and redirect answers from their lines', () => {
    const paths = operations();
    for (const line of [professionalLines.certificateFile, professionalLines.logoFile, professionalLines.referencePhotoFile, userLines.confirmEmail]) {
      expect(paths[line.path]?.[line.method.toLowerCase()], `${line.method} ${line.path}`).toBeDefined();
    }
  });

  it('answers in the envelope with the endpoint’s status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geo/communes?q=Lyon&limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: expect.any(Array) });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/geo/communes?q=' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: { fields: { q: expect.stringContaining('commune') } } });
  });
});
