import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionKey } from '@ouvrage/domain';
import { routePermissions } from '@ouvrage/contracts';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany } from '../professionals/factories';
import { hostile, objectFor, valueFor, type JsonSchema } from './openapi-arbitraries';

/**
 * Fuzzing every route of the OpenAPI document, for every role (issue 13, decision 0940): bodies,
 * queries and path parameters generated from the document's schemas, mixed with malformed JSON,
 * huge strings, unicode, NUL bytes, negative, enormous and non-numeric numbers. Every answer is
 * below 500, and every refusal is the JSON error envelope. Seeded, so a failure replays; the count
 * is bounded (FUZZ_REQUESTS, 10 000 by default) to keep the suite fast.
 */
const ctx = useTestApp();
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Route = { method: string; path: string; operation: Operation };

const ROLES = ['client', 'professionnel', 'dessinateur', 'architecte', 'admin'] as const;
const personas = new Map<string, TestUser | null>();

async function freshPersona(role: (typeof ROLES)[number]): Promise<TestUser> {
  const user = await loginAs(ctx, { user_type: role, is_validate: 'Validé' });
  if (role !== 'client' && role !== 'admin') await ensureCompany(ctx.db, user.id);
  return user;
}

/** A persona whose session a previous request ended (logout, password change, deletion) is replaced. */
async function ensureSessions() {
  for (const role of ROLES) {
    const user = personas.get(role);
    const alive = user && (await as(ctx, user, { method: 'GET', url: '/api/me' })).statusCode === 200;
    if (!alive) personas.set(role, await freshPersona(role));
  }
}

function routes(): Route[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,',
  'null',
  '"texte"',
  '12',
  'true',
  '{"a":1}{',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  `{"x":"${'é'.repeat(200_000)}"}`,
  '[' + '['.repeat(5000),
];

/** The query string of generated values: scalars as text, the rest as JSON, everything encoded. */
function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function requestFor(route: Route): fc.Arbitrary<{ role: string; options: InjectOptions; body: string }> {
  const pathParams = (route.path.match(/\{([^}]+)\}/g) ?? []).map((p) => p.slice(1, -1));
  const params = fc.record(
    Object.fromEntries(
      pathParams.map((name) => [
        name,
        fc.oneof(
          { arbitrary: fc.integer({ min: 1, max: 30 }).map(String), weight: 4 },
          { arbitrary: hostile.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))), weight: 1 },
        ),
      ]),
    ),
  );
  const queryParams = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  const query = objectFor({
    type: 'object',
    properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
    required: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  const body: fc.Arbitrary<string | undefined> = !hasBody
    ? fc.constant(undefined)
    : fc.oneof(
        { arbitrary: (bodySchema ? objectFor(bodySchema) : valueFor({})).map((v) => JSON.stringify(v)), weight: 6 },
        { arbitrary: hostile.map((v) => JSON.stringify(v) ?? 'null'), weight: 1 },
        { arbitrary: fc.constantFrom(...MALFORMED_JSON), weight: 1 },
      );
  // Mostly a role the permission table lets in, so that requests reach the services; any role otherwise.
  const allow = routePermissions[permissionKey(route.method, route.path)]?.allow;
  const allowed = Array.isArray(allow) ? ROLES.filter((r) => allow.includes(r)) : allow === 'public' ? ['anonyme', ...ROLES] : [...ROLES];
  const role = fc.oneof(
    { arbitrary: fc.constantFrom(...(allowed.length ? allowed : ROLES)), weight: 3 },
    { arbitrary: fc.constantFrom('anonyme', ...ROLES), weight: 1 },
  );
  return fc.record({ role, params, query, body }).map(({ role, params: p, query: q, body: b }) => {
    const url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(p[name])) + queryString(q);
    const options: InjectOptions = { method: route.method as InjectOptions['method'], url };
    if (b !== undefined) {
      options.payload = b;
      options.headers = { 'content-type': 'application/json' };
    }
    return { role, options, body: b === undefined ? '' : b.slice(0, 300) };
  });
}

describe('fuzzing every route × every role from the OpenAPI document', () => {
  let all: Route[];
  beforeAll(() => {
    all = routes();
  });

  it(`answers below 500, with the error envelope on every refusal, over ${TOTAL} requests`, { timeout: 900_000 }, async () => {
    expect(all.length).toBeGreaterThan(100);
    const perRoute = Math.ceil(TOTAL / all.length);
    let sent = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of all) {
      await ensureSessions();
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ role, options, body }) => {
          sent += 1;
          const user = role === 'anonyme' ? null : personas.get(role)!;
          const res = await as(ctx, user, options);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${route.method} ${route.path} as ${role}: ${options.url} ${body}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where} → ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            const type = String(res.headers['content-type'] ?? '');
            const json = type.includes('application/json') ? (res.json() as { success?: boolean; error?: { code?: unknown; message?: unknown } }) : null;
            const enveloped =
              json?.success === false && typeof json.error?.code === 'string' && typeof json.error?.message === 'string' && json.error.message.length > 0;
            if (!enveloped) failures.push(`sans enveloppe ${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
          }
        }),
        { numRuns: perRoute, seed: SEED, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    if (process.env.FUZZ_STATS) console.warn([...statuses].sort((a, b) => a[0] - b[0]));
    // The generated values must get past validation often enough to reach the services.
    const reached = [...statuses]
      .filter(([status]) => status < 300 || status === 403 || status === 404 || status === 409 || status === 422)
      .reduce((n, [, count]) => n + count, 0);
    expect(reached / sent).toBeGreaterThan(0.2);
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
