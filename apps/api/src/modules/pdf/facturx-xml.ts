import { el, xmlDocument, type XmlElement } from './xml';

/**
 * The Factur-X invoice XML (decisions 0710, 1010): UN/CEFACT Cross Industry Invoice, profile
 * EN 16931 (guideline `urn:cen.eu:en16931:2017`) of Factur-X 1.08, validated in tests against the
 * official XSD and the three rule sets a plateforme agréée runs (EN 16931, Factur-X, the French
 * BR-FR rules of FNFE France_RFE 1.4.0). This file knows CII only; `facturx-documents.ts` turns an invoice or a credit
 * note into a `FacturXInvoice`. Element order is the XSD's, which is what validators check first.
 */

/** 380 commercial invoice (situation, balance), 386 prepayment (deposit) invoice, 381 credit note. */
export type FacturXTypeCode = '380' | '381' | '386';

export interface FacturXAddress {
  line: string;
  postcode: string;
  city: string;
}

/** The party's electronic address (BT-34 / BT-49): its SIREN in the French directory (0225), else an e-mail (EM). */
export interface FacturXEndpoint {
  scheme: '0225' | 'EM';
  id: string;
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
  /** Required by the French rules for seller and buyer (BR-FR-12, BR-FR-13). */
  endpoint: FacturXEndpoint | null;
  address: FacturXAddress | null;
}

/**
 * UNTDID 4451 subjects: PMD late penalties, PMT recovery fee, AAB discount — each exactly once
 * on every invoice and credit note (BR-FR-05, BR-FR-06); BAR the expected processing (B2B, B2C);
 * AAI general.
 */
export interface FacturXNote {
  subject: 'AAI' | 'PMD' | 'PMT' | 'AAB' | 'BAR';
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

/**
 * The French billing frame (« cadre de facturation », BT-23, BR-FR-08): S for services (building
 * works are services), 1 an invoice to pay, 4 the final invoice after deposits (decision 1011).
 */
export type FacturXBillingFrame = 'S1' | 'S4';

export interface FacturXInvoice {
  typeCode: FacturXTypeCode;
  billingFrame: FacturXBillingFrame;
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
  /** The date or period of the service (BG-14), when recorded. */
  servicePeriod: { from: string; to: string } | null;
  prepaidCents: number;
  /** Invoices this one settles or corrects (BG-3): the deducted deposits and situations, the invoice a credit note cancels. */
  precedingInvoices: Array<{ number: string; issueDate: string }>;
}

export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';
/** The Factur-X revision the XML follows; the XMP's fx:Version stays « 1.0 », the version of the standard every 1.0.x revision shares (decision 1013). */
export const FACTURX_REVISION = '1.08';
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
    p.siren || p.tradingName
      ? el('ram:SpecifiedLegalOrganization', [
          p.siren ? el('ram:ID', { schemeID: '0002' }, p.siren) : null,
          p.tradingName ? el('ram:TradingBusinessName', p.tradingName) : null,
        ])
      : null,
    p.contactName ? el('ram:DefinedTradeContact', [el('ram:PersonName', p.contactName)]) : null,
    address(p.address),
    p.endpoint ? el('ram:URIUniversalCommunication', [el('ram:URIID', { schemeID: p.endpoint.scheme }, p.endpoint.id)]) : null,
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
      el('ram:ApplicableTradeTax', [
        el('ram:TypeCode', 'VAT'),
        el('ram:CategoryCode', category(l.rateBp)),
        el('ram:RateApplicablePercent', ratePercent(l.rateBp)),
      ]),
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
    el('rsm:ExchangedDocumentContext', [
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', [el('ram:ID', invoice.billingFrame)]),
      el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', FACTURX_GUIDELINE)]),
    ]),
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
        invoice.servicePeriod
          ? el('ram:BillingSpecifiedPeriod', [udtDate('ram:StartDateTime', invoice.servicePeriod.from), udtDate('ram:EndDateTime', invoice.servicePeriod.to)])
          : null,
        hasTerms
          ? el('ram:SpecifiedTradePaymentTerms', [
              invoice.paymentTerms ? el('ram:Description', invoice.paymentTerms) : null,
              invoice.dueDate ? udtDate('ram:DueDateDateTime', invoice.dueDate) : null,
            ])
          : null,
        el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
          el('ram:LineTotalAmount', amount(lineTotal)),
          el('ram:TaxBasisTotalAmount', amount(taxBasis)),
          el('ram:TaxTotalAmount', { currencyID: 'EUR' }, amount(taxTotal)),
          el('ram:GrandTotalAmount', amount(grandTotal)),
          invoice.prepaidCents ? el('ram:TotalPrepaidAmount', amount(invoice.prepaidCents)) : null,
          el('ram:DuePayableAmount', amount(grandTotal - invoice.prepaidCents)),
        ]),
        ...invoice.precedingInvoices.map((p) =>
          el('ram:InvoiceReferencedDocument', [el('ram:IssuerAssignedID', p.number), qdtDate('ram:FormattedIssueDateTime', p.issueDate)]),
        ),
      ]),
    ]),
  ]);
  return xmlDocument(root);
}
