import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '@ouvrage/contracts';
import { creditNoteFacturX, facturXml, invoiceFacturX, renderInvoicePdf } from '../../src/modules/pdf';
import { officeAddress } from '../../src/modules/pdf/facturx-documents';
import { amount } from '../../src/modules/pdf/facturx-xml';
import { el, xmlDocument, xmlFragment } from '../../src/modules/pdf/xml';
import { cii, ciiAll, pdfFacts, xsdErrors } from './facturx-check';

/** The XML builder without a database: escaping, amounts, the franchise en base, a 0 % rate (decision 0710). */
function invoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    issuer: {
      id: 1,
      name: 'Dupont & Fils <Bâtiment>',
      trade_name: 'D&F',
      legal_form: 'EI',
      capital_cents: null,
      address: '5, rue des "Lilas" 75011 Paris',
      siret: '732 829 320 00074',
      rcs_rm: 'RM 732 829 320',
      tva_number: null,
      email: 'contact@dupont.fr',
      phone: null,
      decennale: null,
      rc_pro: null,
    },
    bank: null,
    tva_on_debits: false,
    client: { id: 2, name: 'Jean L’Hôte', email: null, phone: null, address: null, is_business: false, company_name: null, siren: null },
    site_address: null,
    quote: {
      id: 3,
      label: 'D-2026-0042',
      title: 'Peinture',
      validated_at: null,
      totals: { total_ht_cents: 250_000, total_tva_cents: 0, total_ttc_cents: 250_000 },
    },
    project: { id: 4, title: 'Séjour' },
    lines: [],
    work: null,
    deductions: [],
    deposit_percent_bp: 4000,
    retention_bp: 0,
    late_penalty_bp: 1000,
    payment_terms: 'À réception <sans escompte> & par chèque',
    id: 5,
    number: 'F-2026-0007',
    kind: 'acompte',
    title: 'Facture d’acompte — devis D-2026-0042',
    status: 'Émise',
    situation_index: null,
    issued_at: '2026-11-23T10:00:00.000Z',
    issue_date: '2026-11-23',
    due_date: '2026-11-23',
    by_rate: [{ rate_bp: 0, base_cents: 100_000, tva_cents: 0 }],
    totals: { total_ht_cents: 100_000, total_tva_cents: 0, total_ttc_cents: 100_000 },
    retention_cents: 0,
    amount_due_cents: 100_000,
    paid_cents: 0,
    credited_cents: 0,
    left_to_pay_cents: 100_000,
    progress_bp: null,
    credit_notes: [],
    refunded_cents: 0,
    refund_owed_cents: 0,
    refunds: [],
    can: { credit: false, refund: false },
    ...overrides,
  };
}

describe('Factur-X XML', () => {
  it('writes cents as decimals with a dot, negatives included', () => {
    expect([amount(0), amount(5), amount(123_456), amount(-1_050), amount(100)]).toEqual(['0.00', '0.05', '1234.56', '-10.50', '1.00']);
  });

  it('escapes markup characters in text and attributes, keeps the attributes’ order and drops characters XML forbids', () => {
    expect(xmlFragment([el('ram:Name', { z: `x & "y" <'z'>\u0002`, a: '1' }, `a & b < c > d "e" 'f' &amp;\u0001`), el('ram:Empty', [null, false])])).toBe(
      `<ram:Name z="x &amp; &quot;y&quot; &lt;&apos;z&apos;&gt;" a="1">a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos; &amp;amp;</ram:Name>\n<ram:Empty/>`,
    );
    expect(xmlDocument(el('rsm:Root', { 'xmlns:rsm': 'urn:x' }, [el('ram:ID', 'F-1'), el('ram:Note', 'Ligne 1\nLigne 2')]))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:Root xmlns:rsm="urn:x">\n  <ram:ID>F-1</ram:ID>\n  <ram:Note>Ligne 1\nLigne 2</ram:Note>\n</rsm:Root>\n',
    );
  });

  it('an issuer under the franchise en base (no TVA number) at 0 %: category E with « TVA non applicable, art. 293 B du CGI », no tax registration; valid against the XSD', async () => {
    const xml = facturXml(invoiceFacturX(invoice()));
    expect(await xsdErrors(xml)).toEqual([]);
    expect(ciiAll(xml, 'ram:CategoryCode')).toEqual(['E', 'E']);
    expect(cii(xml, 'ram:ExemptionReason')).toBe('TVA non applicable, art. 293 B du CGI');
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).not.toContain('DueDateTypeCode');
    expect(xml).toContain('<ram:Name>Dupont &amp; Fils &lt;Bâtiment&gt;</ram:Name>');
    expect(xml).toContain('<ram:Description>À réception &lt;sans escompte&gt; &amp; par chèque</ram:Description>');
    expect(xml).toContain('<ram:GlobalID schemeID="0009">73282932000074</ram:GlobalID>');
    expect(cii(xml, 'ram:TypeCode')).toBe('386');
    // No client address known: the country alone, which EN 16931 requires (BR-11).
    expect(/<ram:BuyerTradeParty>[\s\S]*?<\/ram:BuyerTradeParty>/.exec(xml)![0]).toMatch(
      /<ram:PostalTradeAddress>\s*<ram:CountryID>FR<\/ram:CountryID>\s*<\/ram:PostalTradeAddress>/,
    );
  });

  it('reads postcode and city from the head-office line', () => {
    expect(officeAddress('3 place Bellecour, 69002 Lyon')).toEqual({ line: '3 place Bellecour', postcode: '69002', city: 'Lyon' });
    expect(officeAddress('Lieu-dit Les Granges')).toEqual({ line: 'Lieu-dit Les Granges', postcode: '', city: '' });
    expect(officeAddress(null)).toBeNull();
  });

  it('a payment already received is the prepaid amount and lowers the due amount', async () => {
    const xml = facturXml(invoiceFacturX(invoice({ paid_cents: 30_000 })));
    expect(await xsdErrors(xml)).toEqual([]);
    expect(cii(xml, 'ram:TotalPrepaidAmount')).toBe('300.00');
    expect(cii(xml, 'ram:DuePayableAmount')).toBe('700.00');
  });

  it('a credit note at two rates: 381, positive amounts, the cancelled invoice referenced; valid against the XSD', async () => {
    const inv = invoice({
      issuer: { ...invoice().issuer, tva_number: 'FR44732829320' },
      by_rate: [
        { rate_bp: 2000, base_cents: 10_000, tva_cents: 2_000 },
        { rate_bp: 550, base_cents: 20_000, tva_cents: 1_100 },
      ],
    });
    const xml = facturXml(
      creditNoteFacturX(inv, {
        id: 1,
        number: 'AV-2026-0003',
        issue_date: '2026-11-25',
        reason: 'Erreur',
        total_ht_cents: 30_000,
        total_tva_cents: 3_100,
        total_ttc_cents: 33_100,
        by_rate: inv.by_rate,
      }),
    );
    expect(await xsdErrors(xml)).toEqual([]);
    expect(cii(xml, 'ram:TypeCode')).toBe('381');
    expect(ciiAll(xml, 'ram:RateApplicablePercent')).toEqual(['20.00', '5.50', '20.00', '5.50']);
    expect(cii(xml, 'ram:GrandTotalAmount')).toBe('331.00');
    expect(xml).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>F-2026-0007<\/ram:IssuerAssignedID>/);
  });

  it('the issuer’s name with « & » and « < » still gives readable XMP metadata in the PDF', async () => {
    const facts = pdfFacts(await renderInvoicePdf({ invoice: invoice(), generatedAt: new Date('2026-11-24T08:00:00Z') }));
    expect(facts.xmp).toContain('<rdf:li>Dupont &amp; Fils &lt;Bâtiment&gt;</rdf:li>');
    expect(facts.qpdf.status, facts.qpdf.output).toBe(0);
    expect(await xsdErrors(facts.facturXml!)).toEqual([]);
  });
});
