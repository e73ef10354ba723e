import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CdarRole } from './codes';

/** What a lifecycle status message says, as the platform applies it. */
export interface CdarStatus {
  /** MDT-4: the message's identifier. */
  messageId: string;
  /** MDT-87: the invoice's number — our flow's trackingId. */
  invoiceNumber: string;
  /** MDT-105, e.g. 212; any status the rules know (the caller keeps those it handles). */
  code: number;
  /** When the status was reached (the acknowledgement's date, else the message's). */
  at: Date;
  reasonCode?: string;
  reason?: string;
  /** Who issued it (MDT-40), when it is a plateforme, the seller or the buyer. */
  senderRole?: CdarRole;
  /** `YYYY-MM-DD` (MDG-35). */
  invoiceIssueDate?: string;
  sellerSiren?: string;
  /** 211/212: the amounts paid (MPA / MEN lines) and their sum. */
  paid?: Array<{ amountCents: number; vatRateBp?: number }>;
  amountCents?: number;
}

/** A message that is not a readable CDAR lifecycle status. */
export class CdarParseError extends Error {
  constructor(message: string) {
    super(`Message de cycle de vie (CDAR) illisible : ${message}`);
    this.name = 'CdarParseError';
  }
}

/** The status codes the French rules know (BR-FR-CDV-CL-06). */
const KNOWN_STATUSES = new Set([
  200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 220, 221, 224, 225, 226, 227, 228, 250, 251, 300, 301, 400, 401, 500, 501, 601,
]);
const ROLES: Record<string, CdarRole> = { WK: 'platform', SE: 'seller', BY: 'buyer' };

type Node = Record<string, any>;

/** An element's text, whether it carries attributes (`{ '#text': … }`) or not. */
function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'object') return text((node as Node)['#text']);
  const value = String(node).trim();
  return value === '' ? undefined : value;
}

function dateTime(node: Node | undefined): Date | undefined {
  const value = text(node?.DateTimeString);
  if (!value) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value);
  if (!m) throw new CdarParseError(`date « ${value} » hors des formats 102 et 204.`);
  const at = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
  if (Number.isNaN(at.getTime()) || at.getUTCMonth() !== +m[2] - 1 || at.getUTCDate() !== +m[3] || +(m[4] ?? 0) > 23)
    throw new CdarParseError(`date « ${value} » invalide.`);
  return at;
}

function cents(value: string): number {
  const m = /^(-)?(\d{1,17})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) throw new CdarParseError(`montant « ${value} » invalide.`);
  const abs = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -abs : abs;
}

function basisPoints(value: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) throw new CdarParseError(`taux « ${value} » invalide.`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const asArray = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/**
 * Reads a CDAR lifecycle status (any namespace prefixes). Throws a CdarParseError on anything
 * else: not XML, another document, a status without its invoice, code or date.
 */
export function parseCdar(xml: string): CdarStatus {
  if (typeof xml !== 'string' || XMLValidator.validate(xml) !== true) throw new CdarParseError('XML mal formé.');
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false });
  const root = (parser.parse(xml) as Node).CrossDomainAcknowledgementAndResponse as Node | undefined;
  if (!root || typeof root !== 'object') throw new CdarParseError('ce n’est pas un CrossDomainAcknowledgementAndResponse.');
  const exchanged = (root.ExchangedDocument ?? {}) as Node;
  const acknowledgement = (asArray(root.AcknowledgementDocument)[0] ?? {}) as Node;
  const referenced = asArray(acknowledgement.ReferenceReferencedDocument)[0];
  const messageId = text(exchanged.ID);
  if (!messageId) throw new CdarParseError('identifiant du message (MDT-4) absent.');
  if (!referenced) throw new CdarParseError('facture concernée (MDG-35) absente.');
  const invoiceNumber = text(referenced.IssuerAssignedID);
  if (!invoiceNumber) throw new CdarParseError('numéro de facture (MDT-87) absent.');
  const codeText = text(referenced.ProcessConditionCode);
  const code = Number(codeText);
  if (!codeText || !KNOWN_STATUSES.has(code)) throw new CdarParseError(`statut « ${codeText ?? ''} » inconnu.`);
  const at = dateTime(acknowledgement.IssueDateTime) ?? dateTime(exchanged.IssueDateTime);
  if (!at) throw new CdarParseError('date du statut absente.');

  const statuses = asArray(referenced.SpecifiedDocumentStatus);
  const withReason = statuses.find((s) => text(s.ReasonCode) || text(s.Reason));
  const paid = statuses
    .flatMap((s) => asArray(s.SpecifiedDocumentCharacteristic))
    .filter((c) => ['MEN', 'MPA'].includes(text(c.TypeCode) ?? '') && text(c.ValueAmount))
    .map((c) => {
      const rate = text(c.ValuePercent);
      return { amountCents: cents(text(c.ValueAmount)!), ...(rate ? { vatRateBp: basisPoints(rate) } : {}) };
    });
  const issueDate = text(referenced.FormattedIssueDateTime?.DateTimeString);
  const sellerSiren = text(asArray(referenced.IssuerTradeParty)[0]?.GlobalID);
  const senderRole = ROLES[text(asArray(exchanged.IssuerTradeParty)[0]?.RoleCode) ?? ''];

  const status: CdarStatus = { messageId, invoiceNumber, code, at };
  if (withReason && text(withReason.ReasonCode)) status.reasonCode = text(withReason.ReasonCode);
  if (withReason && text(withReason.Reason)) status.reason = text(withReason.Reason);
  if (senderRole) status.senderRole = senderRole;
  if (issueDate && /^\d{8}$/.test(issueDate)) status.invoiceIssueDate = `${issueDate.slice(0, 4)}-${issueDate.slice(4, 6)}-${issueDate.slice(6)}`;
  if (sellerSiren) status.sellerSiren = sellerSiren;
  if (paid.length) {
    status.paid = paid;
    status.amountCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
  }
  return status;
}
