import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentCounters, invoices } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { contractTtc, quoteInStatus } from './factories';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  dave = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);
});

afterEach(() => clock.set('2026-11-23T10:00:00Z'));

type Detail = Record<string, any>;

const issue = (user: TestUser, body: Record<string, unknown>) => as(ctx, user, { method: 'POST', url: '/api/facture', payload: body });
async function issued(user: TestUser, body: Record<string, unknown>): Promise<Detail> {
  const res = await issue(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const get = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/get-facture-detail/${id}` });
const list = (user: TestUser, query = '') => as(ctx, user, { method: 'GET', url: `/api/liste-facture${query}` });
const validated = (options: { retentionBp?: number; typeClient?: 'entreprise' } = {}) =>
  quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, ...options });

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-invoice-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('issuing', () => {
  it('a deposit of 30 % of a validated quote: « Facture d’acompte » with the quote reference, numbered F-2026-0001', async () => {
    const quoteId = await validated();
    const d = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    expect(d).toMatchObject({
      number: 'F-2026-0001',
      kind: 'acompte',
      status: 'Émise',
      issue_date: '2026-11-23',
      due_date: '2026-12-23',
      deposit_percent_bp: 3000,
    });
    expect(d.title).toMatch(/^Facture d’acompte — devis D-2026-\d+$/);
    expect(d.totals.total_ttc_cents).toBe(Math.round(contractTtc() * 0.3));
    expect(d.quote.totals.total_ttc_cents).toBe(contractTtc());
    expect(d.by_rate.map((r: { rate_bp: number }) => r.rate_bp)).toEqual([2000, 1000]);
    expect(d.left_to_pay_cents).toBe(d.totals.total_ttc_cents);
    expect(d.can.credit).toBe(true);
  });

  it('deposit + two situations + balance add up to the quote TTC; the balance deducts each by number, date and amount, and the retenue', async () => {
    const quoteId = await validated({ retentionBp: 500 });
    const deposit = await issued(alice, { quote_id: quoteId, kind: 'acompte', amount_cents: 100_000 });
    expect(deposit.totals.total_ttc_cents).toBe(100_000);
    clock.set('2026-12-10T10:00:00Z');
    const s1 = await issued(alice, { quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 4000] });
    expect(s1.title).toContain('Situation de travaux n° 1');
    expect(s1.deductions.map((x: { number: string }) => x.number)).toEqual([deposit.number]);
    expect(s1.totals.total_ht_cents).toBe(s1.work.total_ht_cents - deposit.totals.total_ht_cents);
    const s2 = await issued(alice, { quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 7000], payment_delay_days: 0 });
    expect(s2.lines[1]).toMatchObject({ progress_bp: 7000, previous_progress_bp: 4000 });
    expect(s2.due_date).toBe('2026-12-10');
    const balance = await issued(alice, { quote_id: quoteId, kind: 'solde' });
    expect(balance.deductions).toEqual([
      { number: deposit.number, kind: 'acompte', issue_date: '2026-11-23', total_ht_cents: deposit.totals.total_ht_cents, total_ttc_cents: 100_000 },
      { number: s1.number, kind: 'situation', issue_date: '2026-12-10', total_ht_cents: s1.totals.total_ht_cents, total_ttc_cents: s1.totals.total_ttc_cents },
      { number: s2.number, kind: 'situation', issue_date: '2026-12-10', total_ht_cents: s2.totals.total_ht_cents, total_ttc_cents: s2.totals.total_ttc_cents },
    ]);
    const sum = [deposit, s1, s2, balance].reduce((s, i) => s + i.totals.total_ttc_cents, 0);
    expect(sum).toBe(contractTtc());
    expect(balance.retention_cents).toBe(Math.round(contractTtc() * 0.05));
    expect(balance.amount_due_cents).toBe(balance.totals.total_ttc_cents - balance.retention_cents);
    // Nothing more once the balance is issued.
    const more = await issue(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 100 });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('INVOICE_QUOTE_FULLY_INVOICED');
    clock.set('2026-11-23T10:00:00Z');
  });

  it('refuses a quote that is not validated (409), over-invoicing (409), a situation going backwards (409)', async () => {
    for (const status of ['Accepté', 'Signé', 'Envoyé']) {
      const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, status });
      const res = await issue(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'INVOICE_QUOTE_NOT_VALIDATED', params: { status } });
    }
    const quoteId = await validated();
    await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 8000 });
    const over = await issue(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('INVOICE_OVER_QUOTE');
    const tooMuch = await issue(alice, { quote_id: quoteId, kind: 'acompte', amount_cents: contractTtc() });
    expect(tooMuch.json().error.code).toBe('INVOICE_OVER_QUOTE');
    const other = await validated();
    await issued(alice, { quote_id: other, kind: 'situation', progress_bp: [5000, 5000] });
    const back = await issue(alice, { quote_id: other, kind: 'situation', progress_bp: [4000, 6000] });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.code).toBe('INVOICE_PROGRESS_DECREASING');
    const lots = await issue(alice, { quote_id: other, kind: 'situation', progress_bp: [6000] });
    expect(lots.statusCode).toBe(400);
    expect(lots.json().error.code).toBe('INVOICE_PROGRESS_LOTS');
    const neither = await issue(alice, { quote_id: other, kind: 'acompte' });
    expect(neither.json().error.code).toBe('INVOICE_DEPOSIT_AMOUNT_REQUIRED');
    // Nothing was numbered for the refused ones: the series has no gap.
    const numbers = (await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.issuerId, alice.id))).map((r) => r.number).sort();
    numbers.forEach((n, i) => expect(n).toBe(`F-2026-${String(i + 1).padStart(4, '0')}`));
  });

  it('someone else’s quote: another architect 403, a client 403, an unknown quote 404; an admin issues in the issuer’s series', async () => {
    const quoteId = await validated();
    expect((await issue(bob, { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 })).statusCode).toBe(403);
    expect((await issue(carol, { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 })).statusCode).toBe(403);
    expect((await issue(alice, { quote_id: 999_999, kind: 'acompte', percent_bp: 1000 })).statusCode).toBe(403);
    expect((await issue(admin, { quote_id: 999_999, kind: 'acompte', percent_bp: 1000 })).statusCode).toBe(404);
    const byAdmin = await issued(admin, { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 });
    const [counter] = await ctx.db
      .select()
      .from(documentCounters)
      .where(sql`${documentCounters.issuerId} = ${alice.id} and ${documentCounters.series} = 'facture'`);
    expect(byAdmin.number).toBe(`F-2026-${String(counter.lastNumber).padStart(4, '0')}`);
    expect(byAdmin.issuer.id).toBe(alice.id);
  });
});

describe('credit notes', () => {
  it('cancel part then the rest of an invoice, numbered AV-2026-0001, AV-2026-0002; the invoice reads Annulée and is never edited', async () => {
    const quoteId = await validated();
    const d = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 5000 });
    const avoir = (user: TestUser, body: Record<string, unknown>) => as(ctx, user, { method: 'POST', url: `/api/facture/${d.id}/avoir`, payload: body });
    expect((await avoir(carol, { reason: 'Erreur de montant' })).statusCode).toBe(403);
    expect((await avoir(bob, { reason: 'Erreur de montant' })).statusCode).toBe(403);
    const partial = await avoir(alice, { amount_cents: 10_000, reason: 'Geste commercial' });
    expect(partial.statusCode, partial.body).toBe(201);
    const p = partial.json().data;
    expect(p.credit_notes).toHaveLength(1);
    expect(p.credit_notes[0]).toMatchObject({ number: 'AV-2026-0001', reason: 'Geste commercial' });
    expect(p.credit_notes[0].total_ttc_cents).toBeLessThanOrEqual(10_000);
    expect(p.credited_cents).toBe(p.credit_notes[0].total_ttc_cents);
    expect(p.status).toBe('Émise');
    const over = await avoir(alice, { amount_cents: d.totals.total_ttc_cents, reason: 'Trop' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('INVOICE_CREDIT_OVER');
    const rest = (await avoir(alice, { reason: 'Annulation du chantier' })).json().data;
    expect(rest.credit_notes.map((c: { number: string }) => c.number)).toEqual(['AV-2026-0001', 'AV-2026-0002']);
    expect(rest.credited_cents).toBe(d.totals.total_ttc_cents);
    expect(rest.status).toBe('Annulée');
    expect(rest.totals).toEqual(d.totals);
    expect(rest.can.credit).toBe(false);
    expect((await avoir(alice, { reason: 'Encore' })).json().error.code).toBe('INVOICE_ALREADY_CANCELLED');
    // The cancelled deposit no longer counts: the whole quote may be invoiced again.
    const again = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 10_000 });
    expect(again.totals.total_ttc_cents).toBe(contractTtc());
  });

  it('a situation a later one builds on is credited only after it (409 naming the later one); a deposit at any time', async () => {
    const quoteId = await validated();
    const deposit = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 2000 });
    const s1 = await issued(alice, { quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 2000] });
    const s2 = await issued(alice, { quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 6000] });
    const avoir = (id: number) => as(ctx, alice, { method: 'POST', url: `/api/facture/${id}/avoir`, payload: { reason: 'Erreur de métré' } });
    const first = await avoir(s1.id);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().error).toMatchObject({ code: 'INVOICE_CREDIT_LATER_SITUATION', params: { later: s2.number } });
    expect((await avoir(deposit.id)).statusCode).toBe(201);
    expect((await avoir(s2.id)).statusCode).toBe(201);
    const now = await avoir(s1.id);
    expect(now.statusCode, now.body).toBe(201);
    expect(now.json().data.status).toBe('Annulée');
  });
});

describe('lists and detail', () => {
  it('architect: issued by him; client: his; admin: all; filters by status and search; paginated', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: bob.id, clientId: dave.id });
    const mine = await issued(bob, { quote_id: quoteId, kind: 'acompte', percent_bp: 2000 });
    const ofBob = (await list(bob)).json().data;
    expect(ofBob.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    expect(ofBob.items[0]).toMatchObject({ number: 'F-2026-0001', status: 'Émise', client_name: 'Claire Martin', kind: 'acompte' });
    const ofDave = (await list(dave)).json().data;
    expect(ofDave.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    const ofCarol = (await list(carol)).json().data;
    expect(ofCarol.items.every((i: { client_id: number }) => i.client_id === carol.id)).toBe(true);
    expect(ofCarol.items.some((i: { id: number }) => i.id === mine.id)).toBe(false);
    const all = (await list(admin, '?per_page=100')).json().data;
    expect(all.total).toBe(ofCarol.total + ofDave.total);
    const page = (await list(admin, '?per_page=2&page=1')).json().data;
    expect(page.items).toHaveLength(2);
    const cancelled = (await list(alice, '?status=Annulée')).json().data;
    expect(cancelled.items.length).toBeGreaterThan(0);
    expect(cancelled.items.every((i: { status: string }) => i.status === 'Annulée')).toBe(true);
    expect((await list(bob, '?search=F-2026-0001')).json().data.total).toBe(1);
    expect((await list(bob, '?search=inconnu')).json().data.total).toBe(0);
    expect((await list(bob, '?status=Payée')).json().data.total).toBe(0);
    // Detail: owners and admins only.
    expect((await get(dave, mine.id)).statusCode).toBe(200);
    expect((await get(admin, mine.id)).statusCode).toBe(200);
    expect((await get(carol, mine.id)).statusCode).toBe(403);
    expect((await get(alice, mine.id)).statusCode).toBe(403);
    expect((await get(carol, 999_999)).statusCode).toBe(403);
    expect((await get(admin, 999_999)).statusCode).toBe(404);
    const seen = (await get(dave, mine.id)).json().data;
    expect(seen.can.credit).toBe(false);
  });

  it('reads En retard the day after its due date in Paris (even at 23:30 UTC on the due day it is not late)', async () => {
    const quoteId = await validated();
    const d = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 1000, payment_delay_days: 10 });
    expect(d.due_date).toBe('2026-12-03');
    clock.set('2026-12-03T22:30:00Z'); // 23:30 in Paris, still the 3rd
    expect((await get(alice, d.id)).json().data.status).toBe('Émise');
    clock.set('2026-12-03T23:30:00Z'); // 00:30 on the 4th in Paris
    expect((await get(alice, d.id)).json().data.status).toBe('En retard');
    const late = (await list(alice, '?status=En%20retard')).json().data;
    expect(late.items.map((i: { id: number }) => i.id)).toContain(d.id);
    clock.set('2026-11-23T10:00:00Z');
  });

  it('the issuing screen reads what a quote was already invoiced with (issuer only)', async () => {
    const quoteId = await validated();
    const d = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 });
    const res = await as(ctx, alice, { method: 'GET', url: `/api/facture/devis/${quoteId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.invoices).toEqual([
      { id: d.id, number: d.number, kind: 'acompte', issue_date: '2026-11-23', by_rate: d.by_rate, progress_bp: null, credited: [], retention_cents: 0 },
    ]);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/facture/devis/${quoteId}` })).statusCode).toBe(403);
  });
});

describe('PDF', () => {
  it('prints the mandatory mentions: number, dates, client SIREN and delivery address, nature, TVA on debits, 40 €, IBAN, insurance', async () => {
    const settings = await as(ctx, alice, {
      method: 'PATCH',
      url: '/api/facture/parametre',
      payload: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', tva_on_debits: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const bad = await as(ctx, alice, {
      method: 'PATCH',
      url: '/api/facture/parametre',
      payload: { iban: 'FR76 3000 6000 0112 3456 7890 188', bic: '', tva_on_debits: false },
    });
    expect(bad.statusCode).toBe(400);
    const quoteId = await validated({ typeClient: 'entreprise', retentionBp: 500 });
    const deposit = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const balance = await issued(alice, { quote_id: quoteId, kind: 'solde' });
    const res = await as(ctx, carol, { method: 'GET', url: `/api/facture/${balance.id}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdftotext(res.rawPayload);
    for (const expected of [
      'FACTURE DE SOLDE',
      `N° ${balance.number}`,
      'Date d’émission : 23/11/2026',
      'Date d’échéance : 23/12/2026',
      `Devis de référence : ${balance.quote.label}`,
      'SIREN : 732829320',
      'Société : Foncière du Rhône SAS',
      'ADRESSE DE LIVRAISON (CHANTIER)',
      '8 chemin des Vignes',
      'Nature de l’opération : prestation de services',
      'Option pour le paiement de la taxe d’après les débits',
      'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40,00 €',
      'Pénalités de retard : taux annuel de 10 %',
      'IBAN : FR76 3000 6000 0112 3456 7890 189',
      'BIC : AGRIFRPP',
      'Assurance responsabilité civile décennale : MAF Assurances',
      'N° TVA intracommunautaire : FR44732829320',
      `facture d’acompte n° ${deposit.number} du 23/11/2026`,
      // The retenue is part of the net to pay, as in the XML (decision 1012).
      'Net à payer',
      'dont retenue de garantie de 5 % (loi n° 71-584 du 16 juillet 1971)',
      'Montant payable à l’échéance du 23/12/2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A private client: no SIREN, no recovery fee.
    const privateQuote = await validated();
    const forPerson = await issued(alice, { quote_id: privateQuote, kind: 'acompte', percent_bp: 3000 });
    const personText = pdftotext((await as(ctx, alice, { method: 'GET', url: `/api/facture/${forPerson.id}/pdf` })).rawPayload);
    expect(personText).toContain('FACTURE D’ACOMPTE');
    expect(personText).not.toContain('SIREN :');
    expect(personText).not.toContain('frais de recouvrement');
    expect((await as(ctx, dave, { method: 'GET', url: `/api/facture/${forPerson.id}/pdf` })).statusCode).toBe(403);
  });

  it('opens in the viewer through a signed document link', async () => {
    const quoteId = await validated();
    const d = await issued(alice, { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 });
    const link = await as(ctx, carol, { method: 'POST', url: '/api/document-links', payload: { kind: 'invoice-pdf', id: d.id } });
    expect(link.statusCode, link.body).toBe(201);
    const token = link.json().data.token;
    const opened = await ctx.app.inject({ method: 'GET', url: `/api/document-links/${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect((await as(ctx, dave, { method: 'POST', url: '/api/document-links', payload: { kind: 'invoice-pdf', id: d.id } })).statusCode).toBe(403);
  });
});
