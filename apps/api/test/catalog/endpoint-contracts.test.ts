import { describe, expect, it } from 'vitest';
import { catalogEndpoints } from '@ouvrage/contracts';
import { useTestApp } from '../helpers';

/** The routes registered from the catalog's endpoint contracts keep their OpenAPI paths, methods and statuses. */
const ctx = useTestApp();

describe('catalog routes from endpoint contracts', () => {
  it('documents each endpoint with its success status and its error statuses', () => {
    const doc = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: Array<{ in: string; name: string }> }>>;
    };
    for (const endpoint of Object.values(catalogEndpoints)) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(Object.keys(operation!.responses).map(Number).sort()).toEqual([endpoint.status, ...endpoint.errors].sort());
      if (endpoint.body) expect(operation!.requestBody).toBeDefined();
      if (endpoint.params) expect(operation!.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id']);
    }
  });

  it('answers in the envelope with the endpoint’s status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: expect.any(Array) });
  });
});
