import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@ouvrage/contracts';
import { DEMO_PASSWORD, seedDemo } from '@ouvrage/db';
import { as, useTestApp } from '../helpers';

/** The demo client's projects have a timeline worth reading (issue 12, decision 0832). */
const ctx = useTestApp();

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  const data = res.json().data;
  return { id: data.datauser.id as number, token: data.token.token as string };
}

describe('demo timeline', () => {
  it(
    'the Écully project reads in order: request, validation, tender, quotes, invoice, payments, réception — every author named',
    { timeout: 180_000 },
    async () => {
      await seedDemo(ctx.handle, { production: false });
      const client = await login('client@ouvrage.test');
      const projects = (await as(ctx, client, { method: 'GET', url: `/api/project/list-per-user/${client.id}?per_page=50` })).json().data.items as Array<{
        id: number;
        ville: string;
      }>;
      const ecully = projects.find((p) => p.ville === 'Écully')!;
      const res = await as(ctx, client, { method: 'GET', url: `/api/project/activite/${ecully.id}?limit=100` });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().data.items as ActivityEntry[];
      const chrono = [...items].reverse().map((e) => e.kind);
      expect(chrono[0]).toBe('project.created');
      for (const kind of [
        'project.state',
        'tender.sent',
        'tender.accepted',
        'quote.sent',
        'quote.accepted',
        'quote.validated',
        'invoice.issued',
        'payment.declared',
        'reception.recorded',
      ] as const) {
        expect(chrono, kind).toContain(kind);
      }
      expect(chrono.indexOf('tender.sent')).toBeLessThan(chrono.indexOf('quote.sent'));
      expect(items.find((e) => e.kind === 'tender.sent')?.who).toMatchObject({ role: 'admin' });
      // The client never sees the architect's draft.
      expect(chrono).not.toContain('quote.created');
    },
  );
});
