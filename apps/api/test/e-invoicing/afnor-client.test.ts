import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCdarStatus } from '@ouvrage/domain';
import {
  createAfnorPaClient,
  createFakePa,
  FAKE_PA_CLIENT,
  PA_SIGNATURE_HEADER,
  PaPermanentError,
  PaTransientError,
  parsePaWebhook,
  verifyPaWebhook,
  type FakePa,
  type FlowInfo,
  type PaConnection,
} from '../../src/adapters/e-invoicing';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { fatalAsserts } from '../invoices/facturx-rules';

/**
 * The AFNOR XP Z12-013 client against the fake plateforme agréée, over HTTP (issue 37 §1,
 * decision 1211): submission (SHA-256, multipart parts, idempotency by trackingId), OAuth2 token
 * cache and renewal, Organization-Id, the error classes, lifecycle (CDAR) search, directory and
 * signed webhooks. No database.
 */
const SELLER = '123456789';
const BUYER = '987654321';
const SECRET = 'whsec-ouvrage-test-0123456789';

let clock = new Date('2026-11-20T10:00:00Z');
const now = () => clock;
let pa: FakePa;
let receiver: FakeServer;
let oauth: PaConnection;
let bearer: PaConnection;
// The fake runs in this process: while it checks a file with the French rules (1–3 s of CPU) the
// client's timer waits too, so the default timeout is kept here.
const client = createAfnorPaClient({ now });

/** A minimal CII: enough for the fake to read the number, date and parties; `broken` drops what the French rules require. */
function cii(number: string, broken = false): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>${number}</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20261115</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>
    <ram:SellerTradeParty><ram:Name>Atelier</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${SELLER}</ram:ID></ram:SpecifiedLegalOrganization></ram:SellerTradeParty>
    ${broken ? '' : `<ram:BuyerTradeParty><ram:Name>Client</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${BUYER}</ram:ID></ram:SpecifiedLegalOrganization></ram:BuyerTradeParty>`}
  </ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`);
}

const info = (trackingId: string): FlowInfo => ({ name: `${trackingId}.xml`, trackingId, flowSyntax: 'CII', flowProfile: 'EN16931', processingRule: 'B2B' });
const xmlFile = (number: string, broken = false) => ({ fileName: `${number}.xml`, content: cii(number, broken), contentType: 'application/xml' as const });

beforeAll(async () => {
  pa = createFakePa({
    now,
    bearerTokens: ['static-token'],
    directory: [{ siren: BUYER, name: 'Client SAS', platformName: 'PA du client' }],
    // The published French rules decide what is rejected; only the files the test marks are checked (1–3 s each).
    validate: async (xml) => (xml.includes('<ram:BuyerTradeParty>') ? [] : fatalAsserts(xml)),
  });
  await pa.listen();
  receiver = await startFakeServer((_req, res) => {
    res.writeHead(204).end();
  });
  oauth = { baseUrl: pa.url, auth: { kind: 'oauth2', tokenUrl: pa.tokenUrl, ...FAKE_PA_CLIENT }, organizationId: 'ORG-42' };
  bearer = { baseUrl: pa.url, auth: { kind: 'bearer', token: 'static-token' } };
});

afterAll(async () => {
  await pa?.close();
  await receiver?.close();
});

describe('submitFlow', () => {
  it('sends flowInfo (with the file’s SHA-256) and the file as multipart parts, with the Organization-Id, and follows the lifecycle', async () => {
    const file = xmlFile('F-2026-0001');
    const { flowId } = await client.submitFlow(oauth, info('F-2026-0001'), file);
    const flow = pa.state.flows.get(flowId)!;
    expect(flow).toMatchObject({ trackingId: 'F-2026-0001', name: 'F-2026-0001.xml', flowSyntax: 'CII', flowProfile: 'EN16931', processingRule: 'B2B' });
    expect(flow.sha256).toBe(createHash('sha256').update(file.content).digest('hex'));
    expect(flow.content.equals(file.content)).toBe(true);
    const post = pa.state.requests.find((r) => r.method === 'POST' && r.url === '/v1/flows')!;
    expect(post.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(post.organizationId).toBe('ORG-42');
    expect(post.authorization).toMatch(/^Bearer fake-/);

    await pa.idle();
    const report = await client.getFlow(oauth, flowId);
    expect(report.trackingId).toBe('F-2026-0001');
    expect(report.events.map((e) => e.code)).toEqual([200, 201, 202]);
    expect(report.events.every((e) => e.flowId === flowId && e.trackingId === 'F-2026-0001' && e.messageId)).toBe(true);
  });

  it('answers the existing flow on a second submission of the same trackingId (409), never a second flow', async () => {
    const first = await client.submitFlow(bearer, info('F-2026-0002'), xmlFile('F-2026-0002'));
    expect(await client.submitFlow(bearer, info('F-2026-0002'), xmlFile('F-2026-0002'))).toEqual(first);
    // A PA that answers 409 without the flowId: the client finds it by its trackingId.
    pa.state.conflictWithoutFlowId = true;
    try {
      expect(await client.submitFlow(bearer, info('F-2026-0002'), xmlFile('F-2026-0002'))).toEqual(first);
    } finally {
      pa.state.conflictWithoutFlowId = false;
    }
    expect([...pa.state.flows.values()].filter((f) => f.trackingId === 'F-2026-0002')).toHaveLength(1);
  });

  it('reads the Factur-X out of a PDF, and rejects (213) a file the French rules refuse, naming the rules', async () => {
    const pdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument();
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.text('Facture F-2026-0003');
      doc.file(cii('F-2026-0003'), { name: 'factur-x.xml', type: 'text/xml' });
      doc.end();
    });
    const ok = await client.submitFlow(
      bearer,
      { ...info('F-2026-0003'), flowSyntax: 'Factur-X' },
      { fileName: 'F-2026-0003.pdf', content: pdf, contentType: 'application/pdf' },
    );
    const rejected = await client.submitFlow(bearer, info('F-2026-0004'), xmlFile('F-2026-0004', true));
    await pa.idle();
    expect(pa.state.flows.get(ok.flowId)!.invoice).toMatchObject({ number: 'F-2026-0003', issueDate: '2026-11-15', sellerSiren: SELLER, buyerSiren: BUYER });
    expect((await client.getFlow(bearer, ok.flowId)).events.map((e) => e.code)).toEqual([200, 201, 202]);
    const events = (await client.getFlow(bearer, rejected.flowId)).events;
    expect(events.map((e) => e.code)).toEqual([200, 213]);
    expect(events[1]).toMatchObject({ reasonCode: 'REJ_SEMAN', reason: expect.stringContaining('BR-') });
  });
});

describe('authentication', () => {
  it('keeps the OAuth2 token until shortly before it expires, and renews it once on a 401', async () => {
    const issued = pa.state.tokensIssued;
    await client.lookupBuyer(oauth, BUYER);
    await client.lookupBuyer(oauth, BUYER);
    expect(pa.state.tokensIssued).toBe(issued);
    pa.revokeTokens();
    expect(await client.lookupBuyer(oauth, BUYER)).not.toBeNull();
    expect(pa.state.tokensIssued).toBe(issued + 1);
    clock = new Date(clock.getTime() + 3_600_000 - 30_000); // within the last minute of its hour
    await client.lookupBuyer(oauth, BUYER);
    expect(pa.state.tokensIssued).toBe(issued + 2);
  });

  it('refuses wrong credentials as permanent', async () => {
    const wrong: PaConnection = { ...oauth, auth: { ...FAKE_PA_CLIENT, kind: 'oauth2', tokenUrl: pa.tokenUrl, clientSecret: 'nope' } };
    await expect(client.lookupBuyer(wrong, BUYER)).rejects.toThrow(PaPermanentError);
    await expect(client.lookupBuyer({ ...bearer, auth: { kind: 'bearer', token: 'revoked' } }, BUYER)).rejects.toThrow(/refuse notre accès \(HTTP 401/);
  });
});

describe('errors', () => {
  it('5xx, 429, a timeout and a refused connection are transient', async () => {
    pa.failNext(1, 503);
    await expect(client.lookupBuyer(bearer, BUYER)).rejects.toThrow(PaTransientError);
    pa.failNext(1, 429);
    await expect(client.lookupBuyer(bearer, BUYER)).rejects.toThrow(/HTTP 429/);
    pa.hangNext(1, 10_000);
    const quick = createAfnorPaClient({ timeoutMs: 200 });
    await expect(quick.getFlow(bearer, 'FLOW-000001')).rejects.toThrow(/pas de réponse en 0.2 s/);
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const refused = client.lookupBuyer({ ...bearer, baseUrl: `http://127.0.0.1:${closedPort}` }, BUYER);
    await expect(refused).rejects.toThrow(PaTransientError);
    await expect(refused).rejects.toThrow(/injoignable \(ECONNREFUSED\)/);
  });

  it('another 4xx, an unknown status and an answer we cannot read are permanent, with a French message', async () => {
    pa.failNext(1, 400);
    await expect(client.searchLifecycle(bearer, clock)).rejects.toMatchObject({
      transient: false,
      status: 400,
      message: expect.stringContaining('Panne simulée'),
    });
    pa.failNext(1, 418);
    await expect(client.registerWebhook(bearer, receiver.url, SECRET)).rejects.toThrow(PaPermanentError);
    pa.garbageNext(1);
    await expect(client.getFlow(bearer, 'FLOW-000001')).rejects.toThrow(/Réponse illisible .* pas du JSON/);
    const noFlowId = createAfnorPaClient({ fetch: async () => new Response('{"status":"accepted"}', { status: 202 }) });
    await expect(noFlowId.submitFlow(bearer, info('F-X'), xmlFile('F-X'))).rejects.toThrow(/pas de flowId/);
    await expect(client.lookupBuyer(bearer, '12345')).rejects.toThrow(/SIREN « 12345 » invalide/);
  });
});

describe('lifecycle, directory and webhooks', () => {
  it('finds the statuses since a date, each read from its CDAR (reason, amount), and the buyer in the directory', async () => {
    clock = new Date(clock.getTime() + 60_000);
    const since = new Date(clock.getTime() - 1);
    const { flowId } = await client.submitFlow(bearer, info('F-2026-0010'), xmlFile('F-2026-0010'));
    await pa.idle();
    pa.refuse(flowId, 'Le total ne correspond pas au devis.', 'MONTANTTOTAL_ERR');
    pa.approve(flowId);
    // A status we send ourselves (212) lands on the invoice's flow.
    const paid = buildCdarStatus({
      messageId: 'CDV-F-2026-0010-212',
      issuedAt: clock,
      invoice: { number: 'F-2026-0010', issueDate: '2026-11-15', sellerSiren: SELLER, buyerSiren: BUYER },
      code: 212,
      senderRole: 'seller',
      amountCents: 120_000,
      vatRateBp: 2000,
    });
    await client.submitFlow(
      bearer,
      { name: 'F-2026-0010-212.xml', trackingId: 'F-2026-0010-212', flowSyntax: 'CDAR', processingRule: 'B2B' },
      { fileName: 'cdv.xml', content: Buffer.from(paid), contentType: 'application/xml' },
    );
    await pa.idle();

    const events = await client.searchLifecycle(bearer, since);
    expect(events.map((e) => e.code)).toEqual([200, 201, 202, 210, 205, 212]);
    expect(events.every((e) => e.flowId === flowId)).toBe(true);
    expect(events[3]).toMatchObject({ reasonCode: 'MONTANTTOTAL_ERR', reason: 'Le total ne correspond pas au devis.' });
    expect(events[5]).toMatchObject({ messageId: 'CDV-F-2026-0010-212', amountCents: 120_000 });
    // The PA's updatedAt is the cursor (a CDAR's date has only seconds; a status seen twice is applied once by its messageId).
    const approvedAt = pa.state.statuses.find((s) => s.flowId === flowId && s.code === 205)!.updatedAt;
    expect((await client.searchLifecycle(bearer, approvedAt)).map((e) => e.code)).toEqual([212]);

    expect(await client.lookupBuyer(oauth, BUYER)).toEqual({ siren: BUYER, routingAddress: `${BUYER}_FACTURES`, platformName: 'PA du client' });
    expect(await client.lookupBuyer(oauth, '111111118')).toBeNull();
  });

  it('pushes each status signed; the signature is checked, a tampered body refused, duplicates and unknown flows visible', async () => {
    const { webhookId } = await client.registerWebhook(oauth, `${receiver.url}/pa`, SECRET);
    expect(webhookId).toBeTruthy();
    receiver.requests.length = 0;
    pa.duplicateNextPushes(1);
    await client.submitFlow(bearer, info('F-2026-0020'), xmlFile('F-2026-0020'));
    await pa.idle();
    pa.pushUnknownFlow();
    await pa.idle();

    const pushes = receiver.requests.filter((r) => r.url === '/pa');
    for (const push of pushes) expect(verifyPaWebhook(push.raw, push.headers[PA_SIGNATURE_HEADER], SECRET)).toBe(true);
    const first = pushes[0];
    expect(verifyPaWebhook(first.body.replace('F-2026-0020', 'F-2026-0021'), first.headers[PA_SIGNATURE_HEADER], SECRET)).toBe(false);
    expect(verifyPaWebhook(first.raw, first.headers[PA_SIGNATURE_HEADER], 'another-secret-value')).toBe(false);
    expect(verifyPaWebhook(first.raw, undefined, SECRET)).toBe(false);

    const events = pushes.flatMap((p) => parsePaWebhook(p.raw));
    // 200 pushed twice (same message: applied once by its messageId), then 201, 202, and a flow this PA never had.
    expect(events.map((e) => e.code)).toEqual([200, 200, 201, 202, 205]);
    expect(events[0].messageId).toBe(events[1].messageId);
    expect(events[4].flowId).toBe('FLOW-INCONNU');
    expect(() => parsePaWebhook('pas du JSON')).toThrow(PaPermanentError);
    expect(() => parsePaWebhook({ events: [{ flowId: 'F', cdar: '<x/>' }] })).toThrow(/CDAR/);
  });
});
