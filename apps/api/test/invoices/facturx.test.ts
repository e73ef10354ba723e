import { beforeAll, describe, expect, it } from 'vitest';
import { FixedClock, formatEuros } from '@ouvrage/domain';
import { RECOVERY_FEE_MENTION } from '../../src/modules/pdf/invoice-mentions';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';
import { catalog, cii, ciiAll, dec, pdfFacts, resolve, xsdErrors, type PdfFacts } from './facturx-check';

/**
 * Every invoice PDF is a Factur-X EN 16931 invoice (decision 0710): a PDF/A-3b carrying
 * factur-x.xml, valid against the official XSD; credit notes have their own PDF (type 381).
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);
});

type Detail = Record<string, any>;

async function issued(body: Record<string, unknown>, user = alice): Promise<Detail> {
  const res = await as(ctx, user, { method: 'POST', url: '/api/facture', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function pdfOf(url: string, user: TestUser = alice): Promise<PdfFacts> {
  const res = await as(ctx, user, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return pdfFacts(res.rawPayload);
}

/** What every Factur-X PDF must show, whatever the invoice. */
async function expectFacturX(facts: PdfFacts): Promise<string> {
  expect(facts.attachments).toEqual(['factur-x.xml']);
  expect(facts.fonts.length).toBeGreaterThan(0);
  expect(facts.fonts.filter((f) => !f.embedded)).toEqual([]);
  expect(facts.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
  expect(facts.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
  expect(facts.xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
  expect(facts.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
  expect(facts.xmp).toContain('<fx:Version>1.0</fx:Version>');
  expect(facts.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  expect(facts.xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
  expect(facts.qpdf.status, facts.qpdf.output).toBe(0);
  expect(facts.qpdf.output).toContain('No syntax or stream encoding errors found');

  // The catalog: /AF → the file spec (Alternative), an sRGB OutputIntent for PDF/A, the XMP stream.
  const root = catalog(facts.objects);
  const af = root['/AF'] as string[];
  expect(af).toHaveLength(1);
  const spec = resolve(facts.objects, af[0]);
  expect(spec).toMatchObject({ '/Type': '/Filespec', '/AFRelationship': '/Alternative', '/F': 'u:factur-x.xml', '/UF': 'u:factur-x.xml' });
  // The current revision, Factur-X 1.08, named on the attachment; fx:Version is the standard's « 1.0 » (decision 1013).
  expect(spec['/Desc']).toBe('u:Factur-X 1.08 (EN 16931)');
  const embedded = resolve(facts.objects, spec['/EF']['/F']);
  expect(embedded['/Type']).toBe('/EmbeddedFile');
  expect(embedded['/Subtype']).toBe('/text/xml');
  expect(embedded['/Params']['/ModDate']).toMatch(/^u:D:\d{14}/);
  const intents = (root['/OutputIntents'] as string[]).map((r) => resolve(facts.objects, r));
  expect(intents).toHaveLength(1);
  expect(intents[0]).toMatchObject({ '/S': '/GTS_PDFA1', '/OutputConditionIdentifier': 'u:sRGB IEC61966-2.1' });
  expect(resolve(facts.objects, intents[0]['/DestOutputProfile'])['/N']).toBe(3);
  expect(resolve(facts.objects, root['/Metadata'] as string)).toMatchObject({ '/Type': '/Metadata', '/Subtype': '/XML' });

  const xml = facts.facturXml!;
  expect(xml).toBeTruthy();
  expect(await xsdErrors(xml)).toEqual([]);
  expect(xml).toMatch(/<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>urn:cen.eu:en16931:2017<\/ram:ID>/);
  return xml;
}

/** The XML's amounts are the invoice's, to the cent, per rate and in total. */
function expectAmounts(xml: string, d: { totals: Detail; by_rate: Array<{ rate_bp: number; base_cents: number; tva_cents: number }> }, duePayable: number) {
  const rates = d.by_rate.filter((r) => r.base_cents || r.tva_cents);
  expect(ciiAll(xml, 'ram:BasisAmount')).toEqual(rates.map((r) => dec(r.base_cents)));
  expect(ciiAll(xml, 'ram:CalculatedAmount')).toEqual(rates.map((r) => dec(r.tva_cents)));
  expect(cii(xml, 'ram:TaxBasisTotalAmount')).toBe(dec(d.totals.total_ht_cents));
  expect(xml).toContain(`<ram:TaxTotalAmount currencyID="EUR">${dec(d.totals.total_tva_cents)}</ram:TaxTotalAmount>`);
  expect(cii(xml, 'ram:GrandTotalAmount')).toBe(dec(d.totals.total_ttc_cents));
  expect(cii(xml, 'ram:DuePayableAmount')).toBe(dec(duePayable));
  // Header LineTotalAmount is the sum of the lines' (first match is the first line's, so read the summation).
  const summation = /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>([\s\S]*?)<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/.exec(xml)![1];
  expect(cii(summation, 'ram:LineTotalAmount')).toBe(dec(d.totals.total_ht_cents));
}

describe('Factur-X invoices', () => {
  it('a deposit invoice is a PDF/A-3b with factur-x.xml: type 386, seller SIRET/SIREN/TVA, the quote as contract, the works as delivery address', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const xml = await expectFacturX(await pdfOf(`/api/facture/${d.id}/pdf`));
    expect(cii(xml, 'ram:TypeCode')).toBe('386');
    expect(xml).toContain(`<ram:ID>${d.number}</ram:ID>`);
    expect(xml).toContain('<udt:DateTimeString format="102">20261123</udt:DateTimeString>');
    expect(xml).toContain(`<ram:GlobalID schemeID="0009">${d.issuer.siret}</ram:GlobalID>`);
    expect(xml).toContain(`<ram:ID schemeID="0002">${d.issuer.siret.slice(0, 9)}</ram:ID>`);
    expect(xml).toContain('<ram:ID schemeID="VA">FR44732829320</ram:ID>');
    expect(xml).toMatch(new RegExp(`<ram:ContractReferencedDocument>\\s*<ram:IssuerAssignedID>${d.quote.label}</ram:IssuerAssignedID>`));
    expect(xml).toMatch(/<ram:ShipToTradeParty>[\s\S]*<ram:LineOne>8 chemin des Vignes<\/ram:LineOne>[\s\S]*<ram:CityName>Francheville<\/ram:CityName>/);
    expect(cii(xml, 'ram:CategoryCode')).toBe('S');
    // Services: TVA due on payment (72) unless the issuer opted for debits.
    expect(ciiAll(xml, 'ram:DueDateTypeCode')).toEqual(['72', '72']);
    expect(ciiAll(xml, 'ram:RateApplicablePercent')).toContain('20.00');
    expect(xml).toMatch(/<ram:DueDateDateTime>\s*<udt:DateTimeString format="102">20261223<\/udt:DateTimeString>/);
    expect(xml).not.toContain('SpecifiedTradeSettlementPaymentMeans');
    expectAmounts(xml, d as never, d.totals.total_ttc_cents);
    // A private client: no SIREN; late penalties (PMD), no discount (AAB) and the recovery fee (PMT, « sans objet ») always (BR-FR-05).
    expect(ciiAll(xml, 'ram:SubjectCode')).toEqual(expect.arrayContaining(['PMD', 'AAB', 'PMT']));
    expect(xml).not.toContain(`${RECOVERY_FEE_MENTION}</ram:Content>`);
  });

  it('a situation: type 380, the earlier deposit as preceding invoice, the progress in a note', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const deposit = await issued({ quote_id: quoteId, kind: 'acompte', amount_cents: 50_000 });
    clock.set('2026-12-10T10:00:00Z');
    const s1 = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 4000] });
    const xml = await expectFacturX(await pdfOf(`/api/facture/${s1.id}/pdf`));
    expect(cii(xml, 'ram:TypeCode')).toBe('380');
    expect(xml).toMatch(
      new RegExp(
        `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${deposit.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">20261123</qdt:DateTimeString>`,
      ),
    );
    expect(xml).toContain('Avancement : Démolition : 100');
    expect(xml).toContain(`Situation de travaux n° 1 — devis ${s1.quote.label}`);
    expectAmounts(xml, s1 as never, s1.totals.total_ttc_cents);
    clock.set('2026-11-23T10:00:00Z');
  });

  it('a balance with deductions and a retenue: every earlier invoice referenced, totals net of them, the retenue in the terms', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, retentionBp: 500 });
    const deposit = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const s1 = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 5000] });
    const balance = await issued({ quote_id: quoteId, kind: 'solde' });
    expect(balance.retention_cents).toBeGreaterThan(0);
    const xml = await expectFacturX(await pdfOf(`/api/facture/${balance.id}/pdf`));
    expect(cii(xml, 'ram:TypeCode')).toBe('380');
    const referenced = [...xml.matchAll(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>([^<]+)</g)].map((m) => m[1]);
    expect(referenced).toEqual([deposit.number, s1.number]);
    // The retenue is withheld from the payment, not a cut in the TVA base: the due amount stays the TTC (BR-CO-16, decision 1012).
    expectAmounts(xml, balance as never, balance.totals.total_ttc_cents);
    const terms = cii(/<ram:SpecifiedTradePaymentTerms>[\s\S]*?<\/ram:SpecifiedTradePaymentTerms>/.exec(xml)![0], 'ram:Description') ?? '';
    const euros = (cents: number) => formatEuros(cents).replace(/\s/g, ' ');
    expect(terms.replace(/\s/g, ' ')).toContain(
      `Net à payer : ${euros(balance.totals.total_ttc_cents)}, dont retenue de garantie de 5 % (loi n° 71-584 du 16 juillet 1971) : ${euros(balance.retention_cents)}`,
    );
    expect(terms.replace(/\s/g, ' ')).toContain(`: ${euros(balance.amount_due_cents)}.`);
  });

  it('a business client: company name and SIREN (scheme 0002), the recovery fee note; bank details as SEPA transfer (58) with IBAN and BIC', async () => {
    const saved = await as(ctx, bob, {
      method: 'PATCH',
      url: '/api/facture/parametre',
      payload: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', tva_on_debits: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const quoteId = await quoteInStatus(ctx.db, { issuerId: bob.id, clientId: carol.id, typeClient: 'entreprise' });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 2000 }, bob);
    const xml = await expectFacturX(await pdfOf(`/api/facture/${d.id}/pdf`, carol));
    const buyer = /<ram:BuyerTradeParty>([\s\S]*?)<\/ram:BuyerTradeParty>/.exec(xml)![1];
    expect(cii(buyer, 'ram:Name')).toBe('Foncière du Rhône SAS');
    expect(buyer).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
    expect(ciiAll(xml, 'ram:SubjectCode')).toContain('PMT');
    expect(xml).toMatch(
      /<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>58<\/ram:TypeCode>\s*<ram:PayeePartyCreditorFinancialAccount>\s*<ram:IBANID>FR7630006000011234567890189<\/ram:IBANID>/,
    );
    expect(cii(xml, 'ram:BICID')).toBe('AGRIFRPP');
    expect(cii(xml, 'ram:PaymentReference')).toBe(d.number);
    // TVA on debits: due at the invoice date (5).
    expect(new Set(ciiAll(xml, 'ram:DueDateTypeCode'))).toEqual(new Set(['5']));
  });

  it('the XSD check can fail: an element out of the XSD order, or a missing seller, is refused', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 1000 });
    const xml = (await pdfOf(`/api/facture/${d.id}/pdf`)).facturXml!;
    expect(await xsdErrors(xml)).toEqual([]);
    const noSeller = xml.replace(/<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/, '');
    expect((await xsdErrors(noSeller)).join('\n')).toMatch(/SellerTradeParty|BuyerTradeParty/);
    const badAmount = xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>12,50<');
    expect(await xsdErrors(badAmount)).not.toEqual([]);
  });
});

describe('credit-note PDF — GET /api/facture/avoir/{id}/pdf', () => {
  it('is a Factur-X credit note (381) referencing the invoice it cancels, with the reason; for its issuer, its client and admins only', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const d = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const res = await as(ctx, alice, {
      method: 'POST',
      url: `/api/facture/${d.id}/avoir`,
      payload: { amount_cents: 12_000, reason: 'Geste commercial & remise' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.credit_notes[0];
    const url = `/api/facture/avoir/${note.id}/pdf`;

    const xml = await expectFacturX(await pdfOf(url, carol));
    expect(cii(xml, 'ram:TypeCode')).toBe('381');
    expect(xml).toContain(`<ram:ID>${note.number}</ram:ID>`);
    expect(note.number).toMatch(/^AV-2026-\d{4}$/);
    expect(xml).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${d.number}</ram:IssuerAssignedID>`));
    expect(xml).toContain('Motif : Geste commercial &amp; remise');
    expectAmounts(
      xml,
      { totals: { total_ht_cents: note.total_ht_cents, total_tva_cents: note.total_tva_cents, total_ttc_cents: note.total_ttc_cents }, by_rate: note.by_rate },
      note.total_ttc_cents,
    );
    expect(note.total_ttc_cents).toBe(12_000);

    const page = await as(ctx, alice, { method: 'GET', url });
    expect(page.headers['content-disposition']).toContain(`avoir-${note.number}.pdf`);
    expect((await as(ctx, admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx, bob, { method: 'GET', url })).statusCode).toBe(403);
    const stranger = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, stranger, { method: 'GET', url })).statusCode).toBe(403);
    const missing = await as(ctx, admin, { method: 'GET', url: '/api/facture/avoir/999999/pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toMatch(/introuvable/);
  });
});
