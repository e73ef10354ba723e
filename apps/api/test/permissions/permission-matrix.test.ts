import { describe, expect, it } from 'vitest';
import { decideRoleAccess, ownerStatement, permissionKey, type Caller, type RoutePermission } from '@ouvrage/domain';
import { routePermissions } from '@ouvrage/contracts';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedRecordFactories, validBodies } from './owned-records';

/**
 * Walks every route of the OpenAPI document × every role × own and someone else's record
 * against the shared permission table. A route without a row cannot even be registered;
 * a row without a route fails here.
 */
const ctx = useTestApp();

type Persona = { name: string; user: TestUser | null; other: TestUser | null };

async function personas(): Promise<Persona[]> {
  const make = async (name: string, user_type: any, is_validate: any = 'Validé'): Promise<Persona> => ({
    name,
    user: await loginAs(ctx, { user_type, is_validate }),
    other: await loginAs(ctx, { user_type, is_validate }),
  });
  return [
    { name: 'anonyme', user: null, other: null },
    await make('client', 'client'),
    await make('professionnel', 'professionnel'),
    await make('professionnel en attente', 'professionnel', 'En attente'),
    await make('dessinateur', 'dessinateur'),
    await make('architecte', 'architecte'),
    await make('architecte en attente', 'architecte', 'En attente'),
    await make('admin', 'admin'),
  ];
}

type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

function openApiRoutes(): Array<{ method: string; path: string; operation: OpenApiOperation }> {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** A field that names a record: `id`, `project_id`, `tender_ids`… */
const ID_FIELD = /^(id|.+_id|.+_ids)$/;

/** Where a route takes record ids: the path `{id}`, body fields, query fields. */
function idSources(path: string, operation: OpenApiOperation) {
  const body = Object.values(operation.requestBody?.content ?? {}).flatMap((c) => Object.keys(c.schema?.properties ?? {}));
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return { path: path.includes('{id}') ? ['id'] : [], body: body.filter((f) => ID_FIELD.test(f)), query: query.filter((f) => ID_FIELD.test(f)) };
}

const isAdminOnly = (p: RoutePermission) => Array.isArray(p.allow) && p.allow.length === 1 && p.allow[0] === 'admin';

function asCaller(user: TestUser | null): Caller | null {
  return user ? { id: user.id, user_type: user.userType as Caller['user_type'], is_validate: user.isValidate } : null;
}

describe('permission matrix', () => {
  it('has exactly one row per OpenAPI route', () => {
    const documented = openApiRoutes().map((r) => permissionKey(r.method, r.path));
    expect(documented.length).toBeGreaterThan(5);
    for (const key of documented) expect(routePermissions[key], key).toBeDefined();
    for (const key of Object.keys(routePermissions)) expect(documented, `ligne sans route : ${key}`).toContain(key);
  });

  it('states the owner of every non-admin, non-public route that takes a record id', () => {
    const failures: string[] = [];
    for (const { method, path, operation } of openApiRoutes()) {
      const key = permissionKey(method, path);
      const permission = routePermissions[key];
      if (permission.allow === 'public' || isAdminOnly(permission)) continue;
      const ids = idSources(path, operation);
      const takesIds = ids.path.length + ids.body.length + ids.query.length > 0;
      if (takesIds && !permission.owner)
        failures.push(`${key}: prend un identifiant (${[...ids.path, ...ids.body, ...ids.query].join(', ')}) sans propriétaire déclaré`);
      if (permission.owner && typeof permission.owner === 'object' && permission.owner.kind === 'none' && permission.owner.reason.trim().length < 10) {
        failures.push(`${key}: « owner: none » sans raison`);
      }
      const statement = ownerStatement(permission);
      if (statement && !ids[statement.from].includes(statement.field))
        failures.push(`${key}: le champ ${statement.from}.${statement.field} n'existe pas dans le schéma de la route`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every route × role × record as the table says, never with a 5xx', async () => {
    const people = await personas();
    const failures: string[] = [];
    for (const { method, path } of openApiRoutes()) {
      const key = permissionKey(method, path);
      const permission: RoutePermission = routePermissions[key];
      const statement = ownerStatement(permission);
      for (const persona of people) {
        const expected = decideRoleAccess(permission, asCaller(persona.user));
        const cases: Array<{ label: string; id: number; ownsIt: boolean }> = [];
        if (!statement || !persona.user || !persona.other) cases.push({ label: 'any', id: 999_999, ownsIt: true });
        else {
          const factory = ownedRecordFactories[statement.kind];
          cases.push({ label: 'own', id: await factory(ctx.db, { id: persona.user.id, user_type: persona.user.userType }), ownsIt: true });
          cases.push({ label: 'other', id: await factory(ctx.db, { id: persona.other.id, user_type: persona.other.userType }), ownsIt: false });
        }
        for (const c of cases) {
          // The owned id goes where the row says: the path, the query or the body.
          let url = path.replace('{id}', String(c.id));
          if (statement?.from === 'query') url += `?${statement.field}=${c.id}`;
          const hasBody = ['POST', 'PATCH', 'PUT'].includes(method);
          const payload = statement?.from === 'body' ? (validBodies[key]?.(c.id) ?? { [statement.field]: c.id }) : {};
          const res = await as(ctx, persona.user, { method: method as any, url, ...(hasBody ? { payload } : {}) });
          const where = `${method} ${url} [${persona.name}, ${c.label}] → ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${where}: erreur serveur`);
          let want: 'allow' | 401 | 403 = expected === 'unauthenticated' ? 401 : expected === 'forbidden' ? 403 : 'allow';
          if (want === 'allow' && statement && !c.ownsIt && persona.user?.userType !== 'admin') want = 403;
          // A public route may still answer 401 for its own reason (e.g. refresh without a cookie).
          if (want === 'allow' && permission.allow !== 'public' && (res.statusCode === 401 || res.statusCode === 403))
            failures.push(`${where}: devait être autorisé`);
          if (want !== 'allow' && res.statusCode !== want) failures.push(`${where}: attendu ${want}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers a malformed or out-of-range {id} with a 4xx on every route, for every role', async () => {
    const people = await personas();
    const failures: string[] = [];
    for (const { method, path } of openApiRoutes().filter((r) => r.path.includes('{id}'))) {
      for (const persona of people) {
        for (const id of ['abc', '-1', '1.5', '99999999999']) {
          const url = path.replace('{id}', id);
          const res = await as(ctx, persona.user, { method: method as any, url, ...(['POST', 'PATCH', 'PUT'].includes(method) ? { payload: {} } : {}) });
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${method} ${url} [${persona.name}] → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
