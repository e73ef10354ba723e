import { describe, expect, it } from 'vitest';
import { decideRoleAccess, permissionKey, routePermissions, type Caller, type RoutePermission } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ownedRecordFactories } from './owned-records';

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

function openApiRoutes(): Array<{ method: string; path: string }> {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

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

  it('answers every route × role × record as the table says, never with a 5xx', async () => {
    const people = await personas();
    const failures: string[] = [];
    for (const { method, path } of openApiRoutes()) {
      const permission: RoutePermission = routePermissions[permissionKey(method, path)];
      for (const persona of people) {
        const expected = decideRoleAccess(permission, asCaller(persona.user));
        const cases: Array<{ label: string; id: number; ownsIt: boolean }> = [];
        if (!path.includes('{id}')) cases.push({ label: '-', id: 0, ownsIt: true });
        else if (!permission.owner || !persona.user || !persona.other) cases.push({ label: 'any', id: 999_999, ownsIt: true });
        else {
          const factory = ownedRecordFactories[permission.owner];
          if (!factory) {
            failures.push(`${method} ${path}: aucune fabrique pour « ${permission.owner} »`);
            continue;
          }
          cases.push({ label: 'own', id: await factory(ctx.db, { id: persona.user.id, user_type: persona.user.userType }), ownsIt: true });
          cases.push({ label: 'other', id: await factory(ctx.db, { id: persona.other.id, user_type: persona.other.userType }), ownsIt: false });
        }
        for (const c of cases) {
          const url = path.replace('{id}', String(c.id));
          const res = await as(ctx, persona.user, { method: method as any, url, ...(['POST', 'PATCH', 'PUT'].includes(method) ? { payload: {} } : {}) });
          const where = `${method} ${url} [${persona.name}, ${c.label}] → ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${where}: erreur serveur`);
          let want: 'allow' | 401 | 403 = expected === 'unauthenticated' ? 401 : expected === 'forbidden' ? 403 : 'allow';
          if (want === 'allow' && permission.owner && !c.ownsIt && persona.user?.userType !== 'admin') want = 403;
          // A public route may still answer 401 for its own reason (e.g. refresh without a cookie).
          if (want === 'allow' && permission.allow !== 'public' && (res.statusCode === 401 || res.statusCode === 403)) failures.push(`${where}: devait être autorisé`);
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
