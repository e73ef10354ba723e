import { beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { pdfText } from '../pdf/pdf-text';
import { ensureQuoteSignatureDocument, readOriginalPdf } from '../../src/modules/signature';
import { completeQuoteSignature } from '../signature/sign-helpers';
import { acceptedProject, completeProfile } from './factories';
import { quoteContent, threeLots } from './quote-body';

/**
 * Lists show what was signed (issue 34 §6, decision 1071): once the client accepted a quote with
 * an option, every list prints the accepted totals (options taken), and the lot subtotal counts
 * the chosen option on the screen and in the PDF.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let architect: TestUser;
let client: TestUser;
let quote: Record<string, any>;
let accepted: Record<string, any>;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
  const projectId = (await acceptedProject(ctx.db, architect.id, client.id)).id;
  const draft = await as(ctx, architect, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent() } });
  expect(draft.statusCode, draft.body).toBe(201);
  const sent = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${draft.json().data.id}` });
  expect(sent.statusCode, sent.body).toBe(200);
  quote = sent.json().data;
  const option = quote.lots[2].lines[1];
  const res = await as(ctx, client, { method: 'POST', url: `/api/validate-devis-client/${quote.id}`, payload: { chosen_option_ids: [option.id] } });
  expect(res.statusCode, res.body).toBe(200);
  accepted = res.json().data;
});

type Item = { id: number; total_ht_cents: number; total_ttc_cents: number };
const itemOf = (body: { data: { items: Item[] } }) => body.data.items.find((i) => i.id === quote.id);

describe('an accepted quote with its option', () => {
  it('is listed at its accepted totals in the architect’s, the client’s, the validation and the admin’s lists', async () => {
    const { total_ht_cents: ht, total_ttc_cents: ttc } = accepted.accepted_totals;
    // 3,2 ml × 210,00 € = 672,00 € HT at 10 %: the option makes the accepted totals differ.
    expect(ttc).toBe(quote.totals.total_ttc_cents + 73_920);
    for (const [user, url] of [
      [architect, `/api/liste-devis/${architect.id}`],
      [client, `/api/liste-devis/${client.id}`],
      [admin, '/api/liste-devis'],
    ] as const) {
      const res = await as(ctx, user, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(itemOf(res.json()), url).toMatchObject({ total_ht_cents: ht, total_ttc_cents: ttc });
    }
    await completeQuoteSignature(ctx.app.deps, quote.id);
    const validation = await as(ctx, architect, { method: 'GET', url: '/api/devis/validation-architecte' });
    expect(itemOf(validation.json())).toMatchObject({ status: 'Signé', total_ht_cents: ht, total_ttc_cents: ttc });
    // The detail's versions list too.
    const detail = (await as(ctx, architect, { method: 'GET', url: `/api/get-details-devis/${quote.id}` })).json().data;
    expect(detail.versions.find((v: { id: number }) => v.id === quote.id).total_ttc_cents).toBe(ttc);
  });

  it('sorts by the amount it shows', async () => {
    // Another quote dearer than the first as sent (300,00 € HT more), cheaper than it as accepted.
    const projectId = quote.project.id;
    const lots = threeLots.map((lot, i) =>
      i === 0 ? { ...lot, lines: [{ ...lot.lines[0], unit_price_cents: lot.lines[0].unit_price_cents + 30_000 }] } : lot,
    );
    const draft = await as(ctx, architect, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent({}, lots) } });
    expect(draft.statusCode, draft.body).toBe(201);
    const other = draft.json().data.id;
    expect((await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${other}` })).statusCode).toBe(200);
    const res = await as(ctx, admin, { method: 'GET', url: '/api/liste-devis?sort=amount' });
    const amounts = (res.json().data.items as Item[]).map((i) => i.total_ttc_cents);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const ids = (res.json().data.items as Item[]).map((i) => i.id);
    expect(ids.indexOf(quote.id)).toBeLessThan(ids.indexOf(other));
  });

  it('counts the chosen option in its lot’s subtotal, on the screen and in the PDF', async () => {
    const detail = (await as(ctx, client, { method: 'GET', url: `/api/get-details-devis/${quote.id}` })).json().data;
    // Revêtements: 12,5 m² × 54,90 € = 686,25 € and the option 672,00 €.
    expect(quote.lots[2].subtotal_ht_cents).toBe(68_625);
    expect(detail.lots[2].subtotal_ht_cents).toBe(68_625 + 67_200);
    expect(detail.lots.reduce((sum: number, lot: { subtotal_ht_cents: number }) => sum + lot.subtotal_ht_cents, 0)).toBe(detail.accepted_totals.total_ht_cents);
    // The PDF the client signs (the sent version's own PDF stays as it was sent).
    const doc = await ensureQuoteSignatureDocument(ctx.app.deps, quote.id);
    const text = await pdfText(await readOriginalPdf(ctx.app.deps, doc));
    expect(text).toContain('Sous-total Lot 3 — Revêtements : 1 358,25 € HT');
  });
});
