import { XMLBuilder } from 'fast-xml-parser';
import {
  CDAR_REASON_CODES,
  CDAR_REASONS_BY_STATUS,
  CDAR_ROLE_IDS,
  CDAR_STATUS_NAMES,
  cdarForPublicPortal,
  cdarPhase,
  cdarReasonRequired,
  isCdarStatusCode,
  type CdarRole,
  type CdarStatusCode,
} from './codes';

export const CDAR_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** MDT-3: the profile of a status exchanged between plateformes and their users (BR-FR-CDV-02). */
export const CDAR_GUIDELINE_ID = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** The Portail public de facturation as a recipient: 9998 under scheme 0238, role DFH. */
export const CDAR_PUBLIC_PORTAL_ID = '9998';

/** An amount received at one TVA rate (212 « Encaissée »: one MEN line per rate, BR-FR-CDV-14). */
export interface CdarPaidAmount {
  amountCents: number;
  /** The TVA rate in basis points (2000 = 20 %). */
  vatRateBp: number;
}

export interface CdarStatusInput {
  /** The message's own identifier (MDT-4): a status is applied once per message. */
  messageId: string;
  /** When the status was reached; written as UTC (format 204, no time zone in the message). */
  issuedAt: Date;
  /** The invoice the status is about (its number is the flow's trackingId). */
  invoice: {
    number: string;
    /** `YYYY-MM-DD`, the invoice's issue date (MDG-35). */
    issueDate: string;
    sellerSiren: string;
    buyerSiren?: string;
    /** UNTDID 1001: 380 invoice, 381 credit note, 386 deposit… (MDT-91), written when given. */
    typeCode?: string;
    /** The parties' electronic addresses (scheme 0225); their SIREN when not given. */
    sellerRoutingAddress?: string;
    buyerRoutingAddress?: string;
  };
  code: CdarStatusCode;
  /**
   * Who issues the status (MDT-40): a plateforme for 200–203, 213, 221; the buyer or the seller
   * otherwise. The message itself is always sent by a plateforme (MDT-21 = WK).
   */
  senderRole: CdarRole;
  /** MDT-113, mandatory for 206, 207, 208, 210, 213 and checked against the status's list. */
  reasonCode?: string;
  /** MDT-114, free text. */
  reason?: string;
  /** 211/212: the amount paid (TTC, cents). For 212 give its TVA rate, or `paidByRate` for several. */
  amountCents?: number;
  vatRateBp?: number;
  paidByRate?: readonly CdarPaidAmount[];
}

type Node = Record<string, unknown>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Format 204: CCYYMMDDHHMMSS, UTC. */
export const cdarDateTime = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
/** Cents as a decimal with two digits (`-12.05`), as BR-FR's decimal 19.2 wants. */
export const cdarAmount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${pad(Math.abs(cents) % 100)}`;
/** Basis points as a percentage with two digits (550 → `5.50`). */
export const cdarPercent = (bp: number) => `${Math.floor(bp / 100)}.${pad(bp % 100)}`;

/** Characters XML 1.0 forbids (C0 controls but tab, LF, CR): dropped from free text, as in the invoice's XML. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const clean = (text: string | undefined) => text?.replace(FORBIDDEN, '');

const id = (value: string, schemeID: string): Node => ({ '#text': value, '@_schemeID': schemeID });

function party(role: 'SE' | 'BY', siren: string, routingAddress: string | undefined): Node {
  return {
    'ram:GlobalID': id(siren, '0002'),
    'ram:RoleCode': role,
    // BR-FR-CDV-08: a recipient other than a plateforme is reached at its electronic address.
    'ram:URIUniversalCommunication': { 'ram:URIID': id(routingAddress || siren, '0225') },
  };
}

const PLATFORM: Node = { 'ram:RoleCode': 'WK' };
const PUBLIC_PORTAL: Node = { 'ram:GlobalID': id(CDAR_PUBLIC_PORTAL_ID, '0238'), 'ram:Name': 'PPF', 'ram:RoleCode': 'DFH' };

function fail(message: string): never {
  throw new RangeError(`Message de cycle de vie (CDAR) : ${message}`);
}

function check(input: CdarStatusInput) {
  const { invoice, code, senderRole } = input;
  if (!isCdarStatusCode(code)) fail(`statut ${String(code)} inconnu.`);
  if (!input.messageId.trim()) fail('identifiant du message manquant.');
  if (Number.isNaN(input.issuedAt.getTime())) fail('date du statut invalide.');
  if (!invoice.number.trim()) fail('numéro de facture manquant.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(invoice.issueDate)) fail(`date de facture « ${invoice.issueDate} » attendue en AAAA-MM-JJ.`);
  if (!/^\d{9}$/.test(invoice.sellerSiren)) fail(`SIREN du vendeur « ${invoice.sellerSiren} » invalide.`);
  if (invoice.buyerSiren !== undefined && !/^\d{9}$/.test(invoice.buyerSiren)) fail(`SIREN de l’acheteur « ${invoice.buyerSiren} » invalide.`);
  const phase = cdarPhase(code);
  if (phase === '305' && senderRole !== 'platform') fail(`le statut ${code} est émis par une plateforme.`);
  if (phase === '23' && senderRole === 'platform') fail(`le statut ${code} est émis par l’acheteur ou le vendeur.`);
  if (senderRole === 'buyer' && !invoice.buyerSiren) fail('un statut de l’acheteur demande son SIREN.');
  if (cdarReasonRequired(code) && !input.reasonCode) fail(`le statut ${code} demande un code motif.`);
  if (input.reasonCode) {
    const allowed = CDAR_REASONS_BY_STATUS[code] ?? CDAR_REASON_CODES;
    if (!allowed.includes(input.reasonCode)) fail(`le code motif ${input.reasonCode} n’est pas admis pour le statut ${code}.`);
  }
  for (const paid of paidLines(input)) {
    if (!Number.isSafeInteger(paid.amountCents)) fail('montant encaissé invalide.');
    if (paid.vatRateBp !== undefined && (!Number.isInteger(paid.vatRateBp) || paid.vatRateBp < 0 || paid.vatRateBp > 10_000)) fail('taux de TVA invalide.');
  }
  if (code === 212 && (paidLines(input).length === 0 || paidLines(input).some((p) => p.vatRateBp === undefined)))
    fail('« Encaissée » (212) demande le montant encaissé et son taux de TVA (BR-FR-CDV-14).');
}

/** The amounts paid the message states: `paidByRate`, else `amountCents` at `vatRateBp`. */
function paidLines(input: CdarStatusInput): Array<{ amountCents: number; vatRateBp?: number }> {
  if (input.paidByRate?.length) return [...input.paidByRate];
  if (input.amountCents !== undefined && (input.code === 211 || input.code === 212)) return [{ amountCents: input.amountCents, vatRateBp: input.vatRateBp }];
  return [];
}

function recipients(input: CdarStatusInput): Node[] {
  const { invoice, code, senderRole } = input;
  const seller = party('SE', invoice.sellerSiren, invoice.sellerRoutingAddress);
  const buyer = invoice.buyerSiren ? party('BY', invoice.buyerSiren, invoice.buyerRoutingAddress) : undefined;
  const out: Node[] = [];
  if (senderRole === 'platform') {
    out.push(seller);
    // Once the invoice has reached the buyer's side (202 onwards), the buyer is told too.
    if (buyer && code !== 200 && code !== 201) out.push(buyer);
  } else if (senderRole === 'buyer') out.push(seller);
  else if (buyer) out.push(buyer);
  if (cdarForPublicPortal(code)) out.push(PUBLIC_PORTAL);
  if (out.length === 0) fail(`le statut ${code} du vendeur n’a pas de destinataire : donner le SIREN de l’acheteur.`);
  return out;
}

function issuerParty(input: CdarStatusInput): Node {
  if (input.senderRole === 'platform') return PLATFORM;
  const siren = input.senderRole === 'seller' ? input.invoice.sellerSiren : input.invoice.buyerSiren!;
  // BR-FR-CDV-07: the issuer of a processing status (23) is identified.
  return { 'ram:GlobalID': id(siren, '0002'), 'ram:RoleCode': CDAR_ROLE_IDS[input.senderRole] };
}

function documentStatus(input: CdarStatusInput): Node | undefined {
  const paid = paidLines(input);
  if (!input.reasonCode && !input.reason && paid.length === 0) return undefined;
  // 212: MEN « montant encaissé » with its rate (BR-FR-CDV-14); 211: MPA « montant payé ».
  const typeCode = input.code === 212 ? 'MEN' : 'MPA';
  return {
    'ram:ReasonCode': input.reasonCode,
    'ram:Reason': clean(input.reason),
    // BR-FR-CDV-16: each status detail is numbered.
    'ram:SequenceNumeric': '1',
    'ram:SpecifiedDocumentCharacteristic': paid.length
      ? paid.map((p) => ({
          'ram:TypeCode': typeCode,
          'ram:ValueAmount': { '#text': cdarAmount(p.amountCents), '@_currencyID': 'EUR' },
          'ram:ValuePercent': p.vatRateBp === undefined ? undefined : cdarPercent(p.vatRateBp),
        }))
      : undefined,
  };
}

/**
 * A lifecycle status as a CDAR message (UN/CEFACT CrossDomainAcknowledgementAndResponse D22B,
 * profile `urn.cpro.gouv.fr:1p0:CDV:invoice`) that the French rules accept with no fatal assert.
 * Throws a RangeError on an input the rules would refuse (a status without its reason code, a 212
 * without its amount and TVA rate, a transmission status not issued by a plateforme…).
 */
export function buildCdarStatus(input: CdarStatusInput): string {
  check(input);
  const { invoice, code } = input;
  const at = cdarDateTime(input.issuedAt);
  const root: Node = {
    '@_xmlns:rsm': CDAR_NAMESPACES.rsm,
    '@_xmlns:ram': CDAR_NAMESPACES.ram,
    '@_xmlns:qdt': CDAR_NAMESPACES.qdt,
    '@_xmlns:udt': CDAR_NAMESPACES.udt,
    'rsm:ExchangedDocumentContext': {
      'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': 'REGULATED' },
      'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': CDAR_GUIDELINE_ID },
    },
    'rsm:ExchangedDocument': {
      'ram:ID': input.messageId,
      'ram:Name': `CDV-${code} ${CDAR_STATUS_NAMES[code]}`,
      'ram:IssueDateTime': { 'udt:DateTimeString': { '#text': at, '@_format': '204' } },
      // The message travels through a plateforme (WK, BR-FR-CDV-CL-02 admits it for both phases);
      // the party whose decision it is, is its issuer. A buyer identified as the sender would fail
      // BR-FR-CDV-CL-09_MDT-113_210B2G on every refusal (the B2G test reads the sender's GlobalID).
      'ram:SenderTradeParty': PLATFORM,
      'ram:IssuerTradeParty': issuerParty(input),
      'ram:RecipientTradeParty': recipients(input),
    },
    'rsm:AcknowledgementDocument': {
      'ram:MultipleReferencesIndicator': { 'udt:Indicator': 'false' },
      'ram:TypeCode': cdarPhase(code),
      'ram:IssueDateTime': { 'udt:DateTimeString': { '#text': at, '@_format': '204' } },
      'ram:ReferenceReferencedDocument': {
        'ram:IssuerAssignedID': invoice.number,
        'ram:TypeCode': invoice.typeCode,
        'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '#text': invoice.issueDate.replaceAll('-', ''), '@_format': '102' } },
        'ram:ProcessConditionCode': String(code),
        'ram:ProcessCondition': CDAR_STATUS_NAMES[code],
        // BR-FR-CDV-13 / CL-07: the invoice's issuer is its seller, by SIREN.
        'ram:IssuerTradeParty': { 'ram:GlobalID': id(invoice.sellerSiren, '0002'), 'ram:RoleCode': 'SE' },
        'ram:SpecifiedDocumentStatus': documentStatus(input),
      },
    },
  };
  // Built per call, not at import: the web app imports this package and never writes a CDAR.
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });
  const body = builder.build({ 'rsm:CrossDomainAcknowledgementAndResponse': root }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body.trim()}\n`;
}
