/**
 * The contract between the platform and a plateforme agréée (PA) through the AFNOR XP Z12-013 API
 * (Flow Service and Directory Service). `createAfnorPaClient` (HTTP) and the fake PA used in tests
 * and in development speak it; the e-invoicing module only sees this interface.
 */

/** How an issuer reaches its PA: OAuth2 client credentials or a bearer token; `organizationId` when the platform acts for an issuer who delegated. */
export interface PaConnection {
  baseUrl: string;
  auth: { kind: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string; scope?: string } | { kind: 'bearer'; token: string };
  organizationId?: string;
}

export type FlowSyntax = 'Factur-X' | 'CII' | 'UBL' | 'CDAR' | 'FRR';
export type ProcessingRule = 'B2B' | 'B2BInt' | 'B2C' | 'B2G' | 'B2GInt' | 'OutOfScope';

/** The `flowInfo` part of `POST /v1/flows`; the client computes `sha256` of the file itself. */
export interface FlowInfo {
  name: string;
  /** Our document number (F-2026-0001, AV-2026-0001, a report's id): the PA refuses a second flow with it. */
  trackingId: string;
  flowSyntax: FlowSyntax;
  /** `EN16931` for our Factur-X; the e-reporting and CDAR profiles otherwise. */
  flowProfile?: string;
  processingRule: ProcessingRule;
}

export interface FlowFile {
  fileName: string;
  content: Buffer;
  contentType: 'application/pdf' | 'application/xml';
}

/** Lifecycle codes of the reform (CDAR, flows of type CustomerInvoiceLC). */
export const LIFECYCLE_CODES = [200, 201, 202, 203, 204, 205, 206, 207, 208, 210, 211, 212, 213, 220, 221] as const;
export type LifecycleCode = (typeof LIFECYCLE_CODES)[number];

/** One status of one flow, as the PA reported it (search, get, or webhook). */
export interface LifecycleEvent {
  flowId: string;
  trackingId: string;
  code: LifecycleCode;
  at: Date;
  /** The reason of a refusal (210), a rejection (213), a dispute (207)… as the PA or the buyer gave it. */
  reason?: string;
  /** The reason's code in the reform's list (MDT-113: DOUBLON, TX_TVA_ERR, REJ_SEMAN…), when the message carries one. */
  reasonCode?: string;
  /** 211/212: the amount paid (TTC, cents), as the message states it. */
  amountCents?: number;
  /** The CDAR message's own identifier: a status is applied once per (flowId, messageId). */
  messageId: string;
}

export interface FlowReport {
  flowId: string;
  trackingId: string;
  /** Every status known so far, oldest first. */
  events: LifecycleEvent[];
  /** The PA's check of the flow itself (Ok, Error with its details), when it says. */
  acknowledgement?: { status: 'Pending' | 'Ok' | 'Error'; details: string[] };
}

/** A directory line: where invoices to a SIREN (or one of its SIRET / services) are routed. */
export interface DirectoryLine {
  siren: string;
  siret?: string;
  /** The routing address, put in BT-49 with scheme 0225. */
  routingAddress: string;
  platformName?: string;
}

export interface PaClient {
  /** `POST /v1/flows` (multipart: flowInfo + file) → 202 with the PA's flow id. */
  submitFlow(conn: PaConnection, info: FlowInfo, file: FlowFile): Promise<{ flowId: string }>;
  /** `GET /v1/flows/{flowId}`. */
  getFlow(conn: PaConnection, flowId: string): Promise<FlowReport>;
  /** `POST /v1/flows/search` with `updatedAfter`: the statuses that arrived since. */
  searchLifecycle(conn: PaConnection, updatedAfter: Date): Promise<LifecycleEvent[]>;
  /** `GET /v1/siren/code-insee:{siren}` then `/v1/directory-line/search`: null when the buyer is not in the directory. */
  lookupBuyer(conn: PaConnection, siren: string): Promise<DirectoryLine | null>;
  /** `POST /v1/webhooks`: the PA pushes statuses to `url`, signed with `secret`. */
  registerWebhook(conn: PaConnection, url: string, secret: string): Promise<{ webhookId: string }>;
}

/** Worth retrying later (5xx, timeout, connection refused, 429). */
export class PaTransientError extends Error {
  readonly transient = true;
}

/** Retrying will not help (4xx other than 429, an answer we cannot read): shown to the issuer. */
export class PaPermanentError extends Error {
  readonly transient = false;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
