import { beforeAll } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '@ouvrage/db';
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
