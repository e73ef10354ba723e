import type { FlowSyntax, ProcessingRule } from '../pa-client';

/** A deposited flow as the fake keeps it. */
export interface FakeFlow {
  flowId: string;
  trackingId: string;
  name: string;
  flowSyntax: FlowSyntax;
  flowProfile?: string;
  processingRule: ProcessingRule;
  /** CustomerInvoice for an invoice, CustomerInvoiceLC for a status we sent, the report's type for FRR. */
  flowType: string;
  fileName: string;
  contentType: string;
  content: Buffer;
  sha256: string;
  submittedAt: Date;
  updatedAt: Date;
  /** Pending while the fake reads and checks the file, then Ok or Error (213). */
  acknowledgement: 'Pending' | 'Ok' | 'Error';
  invoice: { number: string; issueDate: string; sellerSiren: string; buyerSiren?: string; typeCode?: string };
  /** The validation's fatal errors when the file was rejected. */
  errors?: string[];
}

/** One lifecycle status, kept as the CustomerInvoiceLC flow that carries its CDAR. */
export interface FakeStatus {
  /** The lifecycle flow's own id. */
  lifecycleFlowId: string;
  /** The invoice flow it is about. */
  flowId: string;
  trackingId: string;
  code: number;
  messageId: string;
  cdar: string;
  updatedAt: Date;
}

export interface FakeWebhook {
  webhookId: string;
  url: string;
  secret: string;
}

/** A push the fake sent (or tried to). */
export interface FakeDelivery {
  url: string;
  body: string;
  signature: string;
  /** The receiver's HTTP status, or the error when it could not be reached. */
  status?: number;
  error?: string;
}

export interface FakeRequest {
  method: string;
  url: string;
  authorization?: string;
  organizationId?: string;
  contentType?: string;
}

export type FakeFault = { kind: 'status'; status: number } | { kind: 'hang'; ms: number } | { kind: 'garbage' };

export interface FakePaState {
  flows: Map<string, FakeFlow>;
  statuses: FakeStatus[];
  webhooks: FakeWebhook[];
  deliveries: FakeDelivery[];
  /** Every `/v1/…` request received, in order (auth and Organization-Id headers included). */
  requests: FakeRequest[];
  /** OAuth2 access tokens issued and their expiry. */
  tokens: Map<string, Date>;
  tokensIssued: number;
  /** Applied to the next `/v1/…` calls, first in first out. */
  faults: FakeFault[];
  /** The next pushes are sent twice. */
  duplicatePushes: number;
  /** A 409 answers without the existing flowId (the client must search it). */
  conflictWithoutFlowId: boolean;
}

export function emptyState(): FakePaState {
  return {
    flows: new Map(),
    statuses: [],
    webhooks: [],
    deliveries: [],
    requests: [],
    tokens: new Map(),
    tokensIssued: 0,
    faults: [],
    duplicatePushes: 0,
    conflictWithoutFlowId: false,
  };
}

/** A flow (invoice or lifecycle) as `POST /v1/flows/search` and `GET /v1/flows/{id}?docType=Metadata` describe it. */
export interface FlowSummary {
  flowId: string;
  trackingId: string;
  flowType: string;
  flowSyntax: string;
  flowDirection: 'In' | 'Out';
  submittedAt: string;
  updatedAt: string;
  acknowledgement?: { status: FakeFlow['acknowledgement']; details?: string[] };
}

export function summaryOfFlow(flow: FakeFlow): FlowSummary {
  return {
    flowId: flow.flowId,
    trackingId: flow.trackingId,
    flowType: flow.flowType,
    flowSyntax: flow.flowSyntax,
    flowDirection: 'Out',
    submittedAt: flow.submittedAt.toISOString(),
    updatedAt: flow.updatedAt.toISOString(),
    acknowledgement: { status: flow.acknowledgement, ...(flow.errors ? { details: flow.errors } : {}) },
  };
}

export function summaryOfStatus(status: FakeStatus): FlowSummary {
  return {
    flowId: status.lifecycleFlowId,
    trackingId: status.trackingId,
    flowType: 'CustomerInvoiceLC',
    flowSyntax: 'CDAR',
    flowDirection: 'In',
    submittedAt: status.updatedAt.toISOString(),
    updatedAt: status.updatedAt.toISOString(),
  };
}
