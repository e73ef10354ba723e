import { el, xmlDocument, type XmlElement } from './xml';

/**
 * The Factur-X invoice XML (decision 0710): UN/CEFACT Cross Industry Invoice D16B, profile
 * EN 16931 (guideline `urn:cen.eu:en16931:2017`), validated in tests against the official
 * Factur-X 1.07 XSD. This file knows CII only; `facturx-documents.ts` turns an invoice or a credit
 * note into a `FacturXInvoice`. Element order is the XSD's, which is what validators check first.
 */

/** 380 commercial invoice (situation, balance), 386 prepayment (deposit) invoice, 381 credit note. */
export type FacturXTypeCode = '380' | '381' | '386';

export interface FacturXAddress {
  line: string;
  postcode: string;
  city: string;
}

export interface FacturXParty {
  name: string;
  /** SIRET (BT-29, scheme 0009) — the seller's establishment. */
  siret: string | null;
  /** SIREN (BT-30 / BT-47, scheme 0002): the legal registration the French rules ask for. */
  siren: string | null;
  /** Trading name when different from the legal name. */
  tradingName: string | null;
  /** A person to contact at a business buyer. */
  contactName: string | null;
  vatNumber: string | null;
  email: string | null;
  address: FacturXAddress | null;
}

/** UNTDID 4451 subjects the French rules expect: PMD late penalties, PMT recovery fee, AAB discount; AAI general. */
export interface FacturXNote {
  subject: 'AAI' | 'PMD' | 'PMT' | 'AAB';
  text: string;
}

export interface FacturXLine {
  name: string;
  description: string | null;
  rateBp: number;
  netCents: number;
}

export interface FacturXTax {
  rateBp: number;
  baseCents: number;
  tvaCents: number;
}

export interface FacturXInvoice {
  typeCode: FacturXTypeCode;
  number: string;
  /** 'YYYY-MM-DD' */
  issueDate: string;
  notes: FacturXNote[];
  seller: FacturXParty;
  buyer: FacturXParty;
  /** The signed quote the invoice executes (BT-12, contract reference). */
  contractReference: string | null;
  /** The works' address (BG-15, deliver-to). */
  deliveryAddress: FacturXAddress | null;
  lines: FacturXLine[];
  taxes: FacturXTax[];
  /** Why a 0 % rate is not taxed (BT-120), e.g. « TVA non applicable, art. 293 B du CGI ». */
  exemptionReason: string;
  /** TVA due on debits (invoice date, code 5) rather than on payment (code 72, services' default); null: not stated. */
  taxOnDebits: boolean | null;
  paymentReference: string | null;
  bank: { iban: string; bic: string | null } | null;
  paymentTerms: string | null;
  /** 'YYYY-MM-DD' */
  dueDate: string | null;
  prepaidCents: number;
  /** Invoices this one settles or corrects (BG-3): the deducted deposits and situations, the invoice a credit note cancels. */
  precedingInvoices: Array<{ number: string; issueDate: string }>;
}

export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const FACTURX_FILE_NAME = 'factur-x.xml';

const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** Integer cents → « 1234.56 » (CII amounts are decimals with a dot, no grouping). */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points → « 5.50 ». */
export const ratePercent = (bp: number) => amount(bp);

const compactDate = (date: string) => date.replaceAll('-', '');
const udtDate = (name: string, date: string) => el(name, [el('udt:DateTimeString', { format: '102' }, compactDate(date))]);
const qdtDate = (name: string, date: string) => el(name, [el('qdt:DateTimeString', { format: '102' }, compactDate(date))]);

const category = (rateBp: number) => (rateBp > 0 ? 'S' : 'E');

function address(a: FacturXAddress | null): XmlElement {
  // The country is required for seller and buyer (BR-09, BR-11); the platform works in France.
  if (!a) return el('ram:PostalTradeAddress', [el('ram:CountryID', 'FR')]);
  return el('ram:PostalTradeAddress', [
    a.postcode ? el('ram:PostcodeCode', a.postcode) : null,
    a.line ? el('ram:LineOne', a.line) : null,
    a.city ? el('ram:CityName', a.city) : null,
    el('ram:CountryID', 'FR'),
  ]);
}

function party(name: string, p: FacturXParty): XmlElement {
  return el(name, [
    p.siret ? el('ram:GlobalID', { schemeID: '0009' }, p.siret) : null,
    el('ram:Name', p.name),
    p.siren || p.tradingName ? el('ram:SpecifiedLegalOrganization', [p.siren ? el('ram:ID', { schemeID: '0002' }, p.siren) : null, p.tradingName ? el('ram:TradingBusinessName', p.tradingName) : null]) : null,
    p.contactName ? el('ram:DefinedTradeContact', [el('ram:PersonName', p.contactName)]) : null,
    address(p.address),
    p.email ? el('ram:URIUniversalCommunication', [el('ram:URIID', { schemeID: 'EM' }, p.email)]) : null,
    p.vatNumber ? el('ram:SpecifiedTaxRegistration', [el('ram:ID', { schemeID: 'VA' }, p.vatNumber)]) : null,
  ]);
}

function line(l: FacturXLine, index: number): XmlElement {
  // A net price is never negative (BR-27): a negative line is a quantity of -1.
  const quantity = l.netCents < 0 ? '-1' : '1';
  return el('ram:IncludedSupplyChainTradeLineItem', [
    el('ram:AssociatedDocumentLineDocument', [el('ram:LineID', String(index + 1))]),
    el('ram:SpecifiedTradeProduct', [el('ram:Name', l.name), l.description ? el('ram:Description', l.description) : null]),
    el('ram:SpecifiedLineTradeAgreement', [el('ram:NetPriceProductTradePrice', [el('ram:ChargeAmount', amount(Math.abs(l.netCents)))])]),
    el('ram:SpecifiedLineTradeDelivery', [el('ram:BilledQuantity', { unitCode: 'C62' }, quantity)]),
    el('ram:SpecifiedLineTradeSettlement', [
      el('ram:ApplicableTradeTax', [el('ram:TypeCode', 'VAT'), el('ram:CategoryCode', category(l.rateBp)), el('ram:RateApplicablePercent', ratePercent(l.rateBp))]),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', [el('ram:LineTotalAmount', amount(l.netCents))]),
    ]),
  ]);
}

function tax(t: FacturXTax, invoice: FacturXInvoice): XmlElement {
  const exempt = category(t.rateBp) === 'E';
  return el('ram:ApplicableTradeTax', [
    el('ram:CalculatedAmount', amount(t.tvaCents)),
    el('ram:TypeCode', 'VAT'),
    exempt ? el('ram:ExemptionReason', invoice.exemptionReason) : null,
    el('ram:BasisAmount', amount(t.baseCents)),
    el('ram:CategoryCode', category(t.rateBp)),
    invoice.taxOnDebits === null || exempt ? null : el('ram:DueDateTypeCode', invoice.taxOnDebits ? '5' : '72'),
    el('ram:RateApplicablePercent', ratePercent(t.rateBp)),
  ]);
}

/** The CII document, as UTF-8 text. */
export function facturXml(invoice: FacturXInvoice): string {
  const lineTotal = invoice.lines.reduce((s, l) => s + l.netCents, 0);
  const taxBasis = invoice.taxes.reduce((s, t) => s + t.baseCents, 0);
  const taxTotal = invoice.taxes.reduce((s, t) => s + t.tvaCents, 0);
  const grandTotal = taxBasis + taxTotal;
  const hasTerms = invoice.paymentTerms || invoice.dueDate;
  const root = el('rsm:CrossIndustryInvoice', NS, [
    el('rsm:ExchangedDocumentContext', [el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', FACTURX_GUIDELINE)])]),
    el('rsm:ExchangedDocument', [
      el('ram:ID', invoice.number),
      el('ram:TypeCode', invoice.typeCode),
      udtDate('ram:IssueDateTime', invoice.issueDate),
      ...invoice.notes.filter((n) => n.text.trim()).map((n) => el('ram:IncludedNote', [el('ram:Content', n.text), el('ram:SubjectCode', n.subject)])),
    ]),
    el('rsm:SupplyChainTradeTransaction', [
      ...invoice.lines.map(line),
      el('ram:ApplicableHeaderTradeAgreement', [
        party('ram:SellerTradeParty', invoice.seller),
        party('ram:BuyerTradeParty', invoice.buyer),
        invoice.contractReference ? el('ram:ContractReferencedDocument', [el('ram:IssuerAssignedID', invoice.contractReference)]) : null,
      ]),
      el('ram:ApplicableHeaderTradeDelivery', invoice.deliveryAddress ? [el('ram:ShipToTradeParty', [address(invoice.deliveryAddress)])] : []),
      el('ram:ApplicableHeaderTradeSettlement', [
        invoice.paymentReference ? el('ram:PaymentReference', invoice.paymentReference) : null,
        el('ram:InvoiceCurrencyCode', 'EUR'),
        invoice.bank
          ? el('ram:SpecifiedTradeSettlementPaymentMeans', [
              // 58: SEPA credit transfer.
              el('ram:TypeCode', '58'),
              el('ram:PayeePartyCreditorFinancialAccount', [el('ram:IBANID', invoice.bank.iban)]),
              invoice.bank.bic ? el('ram:PayeeSpecifiedCreditorFinancialInstitution', [el('ram:BICID', invoice.bank.bic)]) : null,
            ])
          : null,
        ...invoice.taxes.map((t) => tax(t, invoice)),
        hasTerms
          ? el('ram:SpecifiedTradePaymentTerms', [invoice.paymentTerms ? el('ram:Description', invoice.paymentTerms) : null, invoice.dueDate ? udtDate('ram:DueDateDateTime', invoice.dueDate) : null])
          : null,
        el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
          el('ram:LineTotalAmount', amount(lineTotal)),
          el('ram:TaxBasisTotalAmount', amount(taxBasis)),
          el('ram:TaxTotalAmount', { currencyID: 'EUR' }, amount(taxTotal)),
          el('ram:GrandTotalAmount', amount(grandTotal)),
          invoice.prepaidCents ? el('ram:TotalPrepaidAmount', amount(invoice.prepaidCents)) : null,
          el('ram:DuePayableAmount', amount(grandTotal - invoice.prepaidCents)),
        ]),
        ...invoice.precedingInvoices.map((p) => el('ram:InvoiceReferencedDocument', [el('ram:IssuerAssignedID', p.number), qdtDate('ram:FormattedIssueDateTime', p.issueDate)])),
      ]),
    ]),
  ]);
  return xmlDocument(root);
}
