import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from '../invoices/factories';
import { balances, checkBalancedAndNumbered, readFec, type ReadLine } from '../../../../packages/domain/test/fec-reader';

/**
 * The accountant's exports through the API (issue 37 §3, decision 1210): invoices issued, credited
 * and paid through the platform's own paths, the FEC read back by the Test Compta Demat rules and
 * balanced; who may export whose books; the account numbers; the CSV lists.
 */
const ctx = useTestApp({}, { clock: new FixedClock('2026-11-23T10:00:00Z') });
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

type Json = Record<string, any>;
async function post(user: TestUser, url: string, payload: Json): Promise<Json> {
  const res = await as(ctx, user, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
/** The admin records a transfer received (the payments module's path). */
const received = (invoiceId: number, amount: number, on: string) =>
  post(admin, `/api/valider-paiement-facture/${invoiceId}`, { payment_id: null, amount_cents: amount, received_on: on });
const fec = (user: TestUser, query: string) => as(ctx, user, { method: 'GET', url: `/api/comptabilite/fec?${query}` });
const PERIOD = { start: '2026-01-01', end: '2026-12-31' };

let depositA: Json;
let balanceA: Json;
let depositB: Json;
let situationC: Json;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Claire', lastname: 'Martin' });
  dave = await loginAs(ctx, { user_type: 'client', firstname: 'David', lastname: 'Roux' });
  await completeProfile(ctx.db, alice.id);
  // Quote A: a 30 % deposit paid, then the balance with a 5 % retenue, paid but for the retenue.
  const quoteA = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, retentionBp: 500 });
  depositA = await post(alice, '/api/facture', { quote_id: quoteA, kind: 'acompte', percent_bp: 3000 });
  await received(depositA.id, depositA.totals.total_ttc_cents, '2026-11-20');
  balanceA = await post(alice, '/api/facture', { quote_id: quoteA, kind: 'solde' });
  await received(balanceA.id, balanceA.amount_due_cents, '2026-11-22');
  // Quote B: a deposit cancelled by an avoir.
  const quoteB = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: dave.id });
  depositB = await post(alice, '/api/facture', { quote_id: quoteB, kind: 'acompte', amount_cents: 120_000 });
  await post(alice, `/api/facture/${depositB.id}/avoir`, { reason: 'Acompte facturé par erreur' });
  // Quote C: a situation half paid.
  const quoteC = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: dave.id });
  situationC = await post(alice, '/api/facture', { quote_id: quoteC, kind: 'situation', progress_bp: [5000, 5000] });
  await received(situationC.id, Math.floor(situationC.totals.total_ttc_cents / 2), '2026-11-23');
}, 120_000);

async function aliceFec(): Promise<{ lines: ReadLine[]; name: string; body: string }> {
  const res = await fec(alice, 'year=2026');
  expect(res.statusCode, res.body).toBe(200);
  const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1];
  return { lines: readFec(res.body, PERIOD), name, body: res.body };
}

describe('the FEC of an architect’s year', () => {
  it('is named {SIREN}FEC20261231.txt, reads back by the Test Compta Demat rules and balances per entry and per journal', async () => {
    const { lines, name } = await aliceFec();
    expect(name).toBe(`${String(alice.id).padStart(9, '0')}FEC20261231.txt`);
    checkBalancedAndNumbered(lines);
    expect(new Set(lines.map((l) => l.journal))).toEqual(new Set(['VE', 'BQ']));
  });

  it('holds what each client owes on 411, the deposits moved to revenue by the balance, the retenue on 4117, lettering only what is settled', async () => {
    const { lines } = await aliceFec();
    const ttc = (i: Json) => i.totals.total_ttc_cents as number;
    const owed = balances(lines, (l) => (l.account === '411' ? l.aux : null));
    const aux = (user: TestUser) => `C${String(user.id).padStart(8, '0')}`;
    const retention = balanceA.retention_cents as number;
    expect(retention).toBeGreaterThan(0);
    // Carol paid everything but the retenue; Dave owes half of the situation (the avoir cancelled the deposit).
    expect(owed.get(aux(carol)) ?? 0).toBe(0);
    expect(owed.get(aux(dave))).toBe(ttc(situationC) - Math.floor(ttc(situationC) / 2));
    expect(balances(lines, (l) => (l.account === '4117' ? 'r' : null)).get('r')).toBe(retention);
    expect(balances(lines, (l) => (l.account === '4191' ? 'd' : null)).get('d')).toBe(0);
    const revenue = -(balances(lines, (l) => (l.account === '704' ? 'v' : null)).get('v') ?? 0);
    expect(revenue).toBe(depositA.totals.total_ht_cents + balanceA.totals.total_ht_cents + situationC.totals.total_ht_cents);
    // Lettered: the paid deposit and the cancelled one; not the balance (retenue withheld) nor the half-paid situation.
    const letter = (number: string) => new Set(lines.filter((l) => l.account === '411' && l.piece === number).map((l) => l.letter));
    expect([...letter(depositA.number)][0]).toMatch(/^[A-Z]+$/);
    expect([...letter(depositB.number)][0]).toMatch(/^[A-Z]+$/);
    expect(letter(balanceA.number)).toEqual(new Set(['']));
    expect(letter(situationC.number)).toEqual(new Set(['']));
    // TVA on payments (the default): what is paid moved out of 44574, what is not still waits.
    const waiting = -(balances(lines, (l) => (l.account === '44574' ? 'w' : null)).get('w') ?? 0);
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(situationC.totals.total_tva_cents + balanceA.totals.total_tva_cents);
  });

  it('is the caller’s own: another architect naming Alice is refused, the admin names her, a client never exports', async () => {
    expect((await fec(bob, `year=2026&issuer_id=${alice.id}`)).statusCode).toBe(403);
    const missing = await fec(admin, 'year=2026');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.issuer_id).toMatch(/architecte/);
    const byAdmin = await fec(admin, `year=2026&issuer_id=${alice.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body).toBe((await aliceFec()).body);
    expect((await fec(admin, `year=2026&issuer_id=${carol.id}`)).statusCode).toBe(404);
    expect((await fec(carol, 'year=2026')).statusCode).toBe(403);
  });

  it('refuses a bad year in French, and a company without SIREN with a 409', async () => {
    const bad = await fec(alice, 'year=26');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toMatch(/exercice/);
    const noSiren = await fec(bob, 'year=2026');
    expect(noSiren.statusCode, noSiren.body).toBe(409);
    expect(noSiren.json().error.code).toBe('ACCOUNTING_SIREN_MISSING');
  });

  it('an empty year is a file of its header alone', async () => {
    const res = await fec(alice, 'year=2025');
    expect(res.statusCode).toBe(200);
    expect(readFec(res.body)).toEqual([]);
  });
});

describe('the account numbers', () => {
  const get = (user: TestUser) => as(ctx, user, { method: 'GET', url: '/api/comptabilite/comptes' });
  const put = (user: TestUser, payload: Json) => as(ctx, user, { method: 'PUT', url: '/api/comptabilite/comptes', payload });

  it('are the defaults until saved; a number outside its class or used twice is refused in French; saved ones go in the FEC', async () => {
    const first = (await get(alice)).json().data;
    expect(first.accounts).toMatchObject({
      clients: '411',
      deposits: '4191',
      retention: '4117',
      revenue: '704',
      bank: '512',
      vatWaiting: '44574',
      vat2000: '445712',
      vat1000: '445713',
      vat550: '445714',
    });
    expect(first).toMatchObject({ tva_on_debits: false, has_siren: true });
    const wrongClass = await put(alice, { ...first.accounts, revenue: '411000' });
    expect(wrongClass.statusCode).toBe(400);
    expect(wrongClass.json().error.fields.revenue).toMatch(/commencer par 70/);
    const twice = await put(alice, { ...first.accounts, vat1000: '445712' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.vat1000).toMatch(/déjà/);
    const letters = await put(alice, { ...first.accounts, bank: '512A' });
    expect(letters.statusCode).toBe(400);
    const saved = await put(alice, { ...first.accounts, revenue: '706000', clients: '411000', bank: '512100' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.accounts.revenue).toBe('706000');
    const { lines, body } = await aliceFec();
    checkBalancedAndNumbered(lines);
    expect(lines.some((l) => l.account === '706000')).toBe(true);
    expect(lines.some((l) => l.account === '704')).toBe(false);
    expect(body).toContain('\t706000\tPrestations de services\t');
    expect(lines.filter((l) => l.aux).every((l) => l.account === '411000' || l.account === '4117')).toBe(true);
    // Put back for the other tests' figures.
    expect((await put(alice, first.accounts)).statusCode).toBe(200);
  });

  it('a fiscal year closed at the end of June: the exercice 2027 runs from 1 July 2026 to 30 June 2027, named by its closing day', async () => {
    const first = (await get(alice)).json().data;
    expect(first.fiscal_year_end_month).toBe(12);
    const calendar = await aliceFec();
    const bad = await put(alice, { ...first.accounts, fiscal_year_end_month: 13 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.fiscal_year_end_month).toMatch(/entre 1 et 12/);
    const june = await put(alice, { ...first.accounts, fiscal_year_end_month: 6 });
    expect(june.statusCode, june.body).toBe(200);
    expect(june.json().data.fiscal_year_end_month).toBe(6);
    // Every movement of the tests is in November 2026: in the exercice closed in June 2027, none in the one closed in June 2026.
    const closing2027 = await fec(alice, 'year=2027');
    expect(closing2027.statusCode, closing2027.body).toBe(200);
    expect(String(closing2027.headers['content-disposition'])).toMatch(/FEC20270630\.txt/);
    const lines = readFec(closing2027.body, { start: '2026-07-01', end: '2027-06-30' });
    checkBalancedAndNumbered(lines);
    expect(lines).toEqual(calendar.lines);
    const closing2026 = await fec(alice, 'year=2026');
    expect(String(closing2026.headers['content-disposition'])).toMatch(/FEC20260630\.txt/);
    expect(readFec(closing2026.body, { start: '2025-07-01', end: '2026-06-30' })).toHaveLength(0);
    expect((await put(alice, { ...first.accounts, fiscal_year_end_month: 12 })).statusCode).toBe(200);
  });
});

describe('the CSV lists', () => {
  const csv = (user: TestUser, kind: 'factures' | 'paiements', query: string) =>
    as(ctx, user, { method: 'GET', url: `/api/comptabilite/${kind}.csv?${query}` });

  it('list the period’s invoices and avoirs, and its payments, for a French spreadsheet', async () => {
    const res = await csv(alice, 'factures', 'from=2026-01-01&to=2026-12-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(rows[0].slice(0, 4)).toEqual(['Pièce', 'Numéro', 'Nature', 'Date']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([depositA.number, balanceA.number, depositB.number, situationC.number, 'AV-2026-0001'].sort());
    const deposit = rows.find((r) => r[1] === depositA.number)!;
    expect(deposit[9]).toBe(`${Math.trunc(depositA.totals.total_ttc_cents / 100)},${String(depositA.totals.total_ttc_cents % 100).padStart(2, '0')}`);
    const pay = await csv(alice, 'paiements', 'from=2026-11-21&to=2026-11-23');
    const payRows: string[][] = parse(pay.body.replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(payRows.slice(1).map((r) => r[0])).toEqual(['22/11/2026', '23/11/2026']);
    expect((await csv(alice, 'paiements', 'from=2026-12-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await csv(alice, 'paiements', 'from=2026-02-30&to=2026-11-01')).json().error.fields.from).toMatch(/date/);
    expect((await csv(bob, 'factures', `from=2026-01-01&to=2026-12-31&issuer_id=${alice.id}`)).statusCode).toBe(403);
  });
});
