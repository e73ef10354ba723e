import { beforeAll } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '@ouvrage/db';
import { permissionKey } from '@ouvrage/domain';
import { routePermissions } from '@ouvrage/contracts';
import type { TestContext } from '../helpers';

type Operation = { parameters?: Array<{ in: string; name: string }> };

/** The demo data, and a token for each validated demo role, filled in beforeAll (by user type). */
export function useDemoTokens(ctx: TestContext): Map<string, { id: number; token: string }> {
  const tokens = new Map<string, { id: number; token: string }>();
  beforeAll(async () => {
    await seedDemo(ctx.handle, { production: false });
    for (const account of DEMO_ACCOUNTS.filter((a) => a.is_validate === 'Validé')) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: account.email, password: DEMO_PASSWORD } });
      const data = res.json().data;
      tokens.set(account.user_type, { id: data.datauser.id, token: data.token.token });
    }
  }, 120_000);
  return tokens;
}

/** Every GET of the OpenAPI document that takes `per_page`: the paginated lists. */
export function paginatedLists(ctx: TestContext): string[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths)
    .filter(([, methods]) => methods.get?.parameters?.some((p) => p.in === 'query' && p.name === 'per_page'))
    .map(([path]) => path);
}

/**
 * Each paginated list × each role its permission row allows that has a demo token, with the list's
 * URL for that user (`{id}` is the user's own id; lists naming another record are left out).
 */
export function listCallers(ctx: TestContext, tokens: Map<string, { id: number; token: string }>) {
  return paginatedLists(ctx).flatMap((path) => {
    const allow = routePermissions[permissionKey('GET', path)].allow;
    const roles = Array.isArray(allow) ? allow : [...tokens.keys()];
    return roles.flatMap((role) => {
      const user = tokens.get(role);
      const base = user ? path.replace('{id}', String(user.id)) : '';
      return user && !base.includes('{') ? [{ path, role, user, base }] : [];
    });
  });
}
