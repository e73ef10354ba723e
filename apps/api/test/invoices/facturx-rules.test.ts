import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FixedClock, formatEuros } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';
import { cii, ciiAll, dec, pdfFacts } from './facturx-check';
import { failedAsserts, fatalAsserts } from './facturx-rules';

/**
 * Every kind of invoice and credit note passes the three rule sets a plateforme agréée applies
 * (decision 1010): EN 16931 for CII, the Factur-X EN16931 profile and the French rules (FNFE
 * France_RFE 1.4.0) — no fatal assert. Read from the PDF the API serves, as a client receives it.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);
});

type Detail = Record<string, any>;

async function issued(body: Record<string, unknown>, user = alice): Promise<Detail> {
  const res = await as(ctx, user, { method: 'POST', url: '/api/facture', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function pdfOf(url: string, user: TestUser = alice): Promise<Buffer> {
  const res = await as(ctx, user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** The XML inside the PDF, after checking that no rule set reports a fatal assert. */
async function accepted(pdf: Buffer): Promise<string> {
  const xml = pdfFacts(pdf).facturXml!;
  expect(xml).toBeTruthy();
  expect(await fatalAsserts(xml)).toEqual([]);
  return xml;
}

const notes = (xml: string) =>
  [...xml.matchAll(/<ram:IncludedNote>\s*<ram:Content>([^<]*)<\/ram:Content>\s*<ram:SubjectCode>([^<]+)<\/ram:SubjectCode>/g)].map((m) => ({
    subject: m[2],
    text: m[1],
  }));
const billingFrame = (xml: string) => /<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]+)</.exec(xml)?.[1];
const party = (xml: string, name: 'SellerTradeParty' | 'BuyerTradeParty') => new RegExp(`<ram:${name}>([\\s\\S]*?)</ram:${name}>`).exec(xml)![1];
const endpoint = (partyXml: string) => /<ram:URIID schemeID="([^"]+)">([^<]+)</.exec(partyXml)?.slice(1);

/** PMD, PMT and AAB exactly once each (BR-FR-05, BR-FR-06). */
function expectPaymentNotes(xml: string) {
  const subjects = notes(xml).map((n) => n.subject);
  for (const s of ['PMD', 'PMT', 'AAB'])
    expect(
      subjects.filter((x) => x === s),
      s,
    ).toHaveLength(1);
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-rules-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const plain = (cents: number) => formatEuros(cents).replace(/[\u00a0\u202f]/g, ' ');

describe('Factur-X and the rules of the plateformes agréées (EN 16931, Factur-X, BR-FR)', () => {
  it('a deposit invoice to a consumer: 386, billing frame S1, PMD/PMT/AAB once, B2C, the seller reached at its SIREN (0225), the buyer by e-mail', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const xml = await accepted(await pdfOf(`/api/facture/${d.id}/pdf`));
    expect(cii(xml, 'ram:TypeCode')).toBe('386');
    expect(billingFrame(xml)).toBe('S1');
    expectPaymentNotes(xml);
    expect(notes(xml)).toContainEqual({ subject: 'BAR', text: 'B2C' });
    // A consumer owes no 40 € fee: the PMT note says so rather than being left out.
    expect(notes(xml).find((n) => n.subject === 'PMT')!.text).toMatch(/sans objet/);
    const siren = d.issuer.siret.slice(0, 9);
    expect(endpoint(party(xml, 'SellerTradeParty'))).toEqual(['0225', siren]);
    expect(party(xml, 'SellerTradeParty')).toContain(`<ram:ID schemeID="0002">${siren}</ram:ID>`);
    expect(endpoint(party(xml, 'BuyerTradeParty'))).toEqual(['EM', d.client.email]);
    // BR-FR-01/02: the number as numbered (PREFIX-YYYY-NNNN) fits the French charset and length.
    expect(d.number).toMatch(/^[A-Za-z0-9+\-_/]{1,35}$/);
  });

  it('a situation after a deposit is S1 (an intermediate invoice), 380, the deposit referenced with its date', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const deposit = await issued({ quote_id: quoteId, kind: 'acompte', amount_cents: 50_000 });
    clock.set('2026-12-10T10:00:00Z');
    const s1 = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 4000] });
    const xml = await accepted(await pdfOf(`/api/facture/${s1.id}/pdf`));
    clock.set('2026-11-23T10:00:00Z');
    expect(cii(xml, 'ram:TypeCode')).toBe('380');
    expect(billingFrame(xml)).toBe('S1');
    expect(xml).toMatch(
      new RegExp(
        `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${deposit.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">20261123<`,
      ),
    );
    expectPaymentNotes(xml);
  });

  it('a balance after a deposit and a situation is the final invoice after deposits: S4, 380, both referenced', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const deposit = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const s1 = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 5000] });
    const balance = await issued({ quote_id: quoteId, kind: 'solde' });
    const xml = await accepted(await pdfOf(`/api/facture/${balance.id}/pdf`));
    expect(cii(xml, 'ram:TypeCode')).toBe('380');
    expect(billingFrame(xml)).toBe('S4');
    expect([...xml.matchAll(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>([^<]+)</g)].map((m) => m[1])).toEqual([deposit.number, s1.number]);
  });

  it('a dépannage invoiced at once (no deposit before): S1, services', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    await ctx.db.execute(sql`update quotes set kind = 'depannage', travel_cost_cents = 4500 where id = ${quoteId}`);
    const balance = await issued({ quote_id: quoteId, kind: 'solde' });
    const xml = await accepted(await pdfOf(`/api/facture/${balance.id}/pdf`));
    expect(billingFrame(xml)).toBe('S1');
    expect(cii(xml, 'ram:TypeCode')).toBe('380');
    expectPaymentNotes(xml);
  });

  it('a business client with its SIREN and works elsewhere, TVA on debits: B2B, buyer SIREN (0002) and routing address (0225), the works as delivery address, tax point 5', async () => {
    const saved = await as(ctx, bob, {
      method: 'PATCH',
      url: '/api/facture/parametre',
      payload: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', tva_on_debits: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const quoteId = await quoteInStatus(ctx.db, { issuerId: bob.id, clientId: carol.id, typeClient: 'entreprise' });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 2000 }, bob);
    const xml = await accepted(await pdfOf(`/api/facture/${d.id}/pdf`, carol));
    const buyer = party(xml, 'BuyerTradeParty');
    expect(buyer).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
    expect(endpoint(buyer)).toEqual(['0225', '732829320']);
    expect(notes(xml)).toContainEqual({ subject: 'BAR', text: 'B2B' });
    expect(notes(xml).find((n) => n.subject === 'PMT')!.text).toMatch(/40/);
    expect(cii(buyer, 'ram:LineOne')).toBe('12 rue Victor Hugo');
    expect(xml).toMatch(/<ram:ShipToTradeParty>[\s\S]*<ram:LineOne>8 chemin des Vignes<\/ram:LineOne>/);
    expect(new Set(ciiAll(xml, 'ram:DueDateTypeCode'))).toEqual(new Set(['5']));
    // BR-FR-11/21 can fail: a B2B invoice without the buyer's SIREN, or routed elsewhere, is refused.
    const noSiren = xml.replace(/<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">732829320<\/ram:ID>\s*<\/ram:SpecifiedLegalOrganization>/, '');
    expect((await failedAsserts('france', noSiren)).map((a) => a.id)).toEqual(expect.arrayContaining(['BR-FR-11_BT-47']));
  });

  it('a retenue de garantie: BT-115 = TTC − paid (BR-CO-16), the retenue in the terms and a note, and the PDF says the same figures', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, retentionBp: 500 });
    await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const balance = await issued({ quote_id: quoteId, kind: 'solde' });
    expect(balance.retention_cents).toBeGreaterThan(0);
    const pdf = await pdfOf(`/api/facture/${balance.id}/pdf`);
    const xml = await accepted(pdf);
    const ttc = balance.totals.total_ttc_cents;
    expect(cii(xml, 'ram:GrandTotalAmount')).toBe(dec(ttc));
    expect(cii(xml, 'ram:DuePayableAmount')).toBe(dec(ttc - balance.paid_cents));
    const payable = balance.left_to_pay_cents;
    expect(payable).toBe(ttc - balance.retention_cents);
    const sentence = `Net à payer : ${plain(ttc)}, dont retenue de garantie de 5 % (loi n° 71-584 du 16 juillet 1971) : ${plain(balance.retention_cents)}`;
    const terms = cii(/<ram:SpecifiedTradePaymentTerms>[\s\S]*?<\/ram:SpecifiedTradePaymentTerms>/.exec(xml)![0], 'ram:Description')!.replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    expect(terms).toContain(sentence);
    expect(terms).toContain(`montant payable à l’échéance du ${balance.due_date.split('-').reverse().join('/')} : ${plain(payable)}`);
    expect(notes(xml).some((n) => n.text.replace(/[\u00a0\u202f]/g, ' ').includes(sentence))).toBe(true);
    // The PDF's « Net à payer » is the XML's amount due; the retenue and the amount payable at the due date follow it.
    const text = pdfText(pdf);
    expect(text).toMatch(new RegExp(`Net à payer\\s+${plain(ttc)}`));
    expect(text).toMatch(new RegExp(`dont retenue de garantie de 5 % \\(loi n° 71-584 du 16 juillet 1971\\)\\s+${plain(balance.retention_cents)}`));
    expect(text).toMatch(new RegExp(`Montant payable à l’échéance du \\d\\d/\\d\\d/\\d{4}\\s+${plain(payable)}`));
    expect(text).not.toMatch(new RegExp(`Net à payer\\s+${plain(payable)}`));
  });

  it('a credit note (381) references the invoice and its date, carries PMD/PMT/AAB and passes the three rule sets', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const res = await as(ctx, alice, { method: 'POST', url: `/api/facture/${d.id}/avoir`, payload: { amount_cents: 12_000, reason: 'Geste commercial' } });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.credit_notes[0];
    const xml = await accepted(await pdfOf(`/api/facture/avoir/${note.id}/pdf`));
    expect(cii(xml, 'ram:TypeCode')).toBe('381');
    expect(billingFrame(xml)).toBe('S1');
    expect(xml).toMatch(
      new RegExp(
        `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${d.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">20261123<`,
      ),
    );
    expectPaymentNotes(xml);
  });

  it('the rules can fail: without its billing frame, its PMT note or a consistent amount due, an invoice is refused', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 1000 });
    const xml = await accepted(await pdfOf(`/api/facture/${d.id}/pdf`));
    const noFrame = xml.replace(/<ram:BusinessProcessSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:BusinessProcessSpecifiedDocumentContextParameter>/, '');
    expect((await fatalAsserts(noFrame)).join('\n')).toContain('BR-FR-08_BT-23');
    const noPmt = xml.replace(/<ram:IncludedNote>\s*<ram:Content>[^<]*<\/ram:Content>\s*<ram:SubjectCode>PMT<\/ram:SubjectCode>\s*<\/ram:IncludedNote>/, '');
    expect((await fatalAsserts(noPmt)).join('\n')).toContain('BR-FR-05_BT-22_PMT');
    const due = cii(xml, 'ram:DuePayableAmount')!;
    const wrongDue = xml.replace(`<ram:DuePayableAmount>${due}</ram:DuePayableAmount>`, '<ram:DuePayableAmount>1.00</ram:DuePayableAmount>');
    expect((await fatalAsserts(wrongDue)).join('\n')).toContain('BR-CO-16');
  });
});
