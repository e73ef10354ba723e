import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dgds, invoices, mails, notifications, receptionReservations, signatureDocuments } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { sha256 } from '../../src/modules/signature';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { contractTtc } from '../invoices/factories';
import { completeProfile } from '../quotes/factories';
import { insertReception } from '../reception/factories';
import { dataUrl, signaturePng } from '../signature/png';

/**
 * The final account, DGD (issue 38 §4, decision 1222), through `inject()` on a real database:
 * established after the réception once everything is invoiced, refused otherwise with nothing
 * written; numbered per quote; its invoices, avoirs and avenants held, then closed once the client accepts it through
 * the subject signing flow (two acceptances at once applied once), the retenue's release still
 * possible; a dispute with its reason, then a new DGD; the PDF, the documents and the timeline.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let architect: TestUser;
let otherArchitect: TestUser;
let carol: TestUser;
let otherClient: TestUser;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
});

afterEach(() => clock.set('2026-11-23T10:00:00Z'));

type Json = Record<string, any>;

/** A validated quote (retenue 5 %) whose réception is recorded on 2026-11-20, its PV signed. */
async function received(signed = true) {
  return insertReception(ctx.db, {
    issuerId: architect.id,
    clientId: carol.id,
    retentionBp: 500,
    signedAt: signed ? new Date('2026-11-20T15:00:00Z') : null,
  });
}
const invoice = (quoteId: number, body: object, user: TestUser = architect) =>
  as(ctx, user, { method: 'POST', url: '/api/facture', payload: { quote_id: quoteId, ...body } });
async function issued(quoteId: number, body: object): Promise<Json> {
  const res = await invoice(quoteId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const establish = (quoteId: number, body: object = {}, user: TestUser = architect) =>
  as(ctx, user, { method: 'POST', url: `/api/devis/${quoteId}/dgd`, payload: body });
const dgdCount = async (quoteId: number) => (await ctx.db.select().from(dgds).where(eq(dgds.quoteId, quoteId))).length;

/** Deposit 30 %, then the balance (retenue 5 % withheld); the client paid the deposit. */
async function wholyInvoiced(quoteId: number) {
  const deposit = await issued(quoteId, { kind: 'acompte', percent_bp: 3000 });
  const balance = await issued(quoteId, { kind: 'solde' });
  await ctx.db.update(invoices).set({ paidCents: deposit.totals.total_ttc_cents }).where(eq(invoices.id, deposit.id));
  return { deposit, balance };
}

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1);
  return /Code de signature : (\d{6})/.exec(mail.textBody)![1];
}

/** The code step and the reading: the document's hash the signature accepts. */
async function readToSign(id: number, user: TestUser = carol): Promise<string> {
  const start = await as(ctx, user, { method: 'POST', url: `/api/dgd/${id}/signature` });
  expect(start.statusCode, start.body).toBe(200);
  const verified = await as(ctx, user, { method: 'POST', url: `/api/dgd/${id}/signature/code`, payload: { code: await lastCodeTo(user.email) } });
  expect(verified.statusCode, verified.body).toBe(200);
  const doc = await as(ctx, user, { method: 'GET', url: `/api/dgd/${id}/signature/document` });
  expect(doc.statusCode).toBe(200);
  expect(sha256(doc.rawPayload)).toBe(verified.json().data.document_sha256);
  return verified.json().data.document_sha256;
}
const sign = (id: number, documentSha256: string, user: TestUser = carol) =>
  as(ctx, user, {
    method: 'POST',
    url: `/api/dgd/${id}/signature/signer`,
    payload: { image: dataUrl(signaturePng()), mode: 'drawn', accepted: true, document_sha256: documentSha256 },
  });

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-dgd-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('establishing the DGD', () => {
  it('is refused with its code, nothing written, before the réception, before everything is invoiced, to another than the issuer, on bad input', async () => {
    const early = await received(false);
    await issued(early.quoteId, { kind: 'solde' });
    const noPv = await establish(early.quoteId);
    expect(noPv.statusCode).toBe(409);
    expect(noPv.json().error.code).toBe('DGD_RECEPTION_MISSING');

    const { quoteId } = await received();
    const deposit = await issued(quoteId, { kind: 'acompte', percent_bp: 3000 });
    const notInvoiced = await establish(quoteId);
    expect(notInvoiced.statusCode).toBe(409);
    expect(notInvoiced.json().error.code).toBe('DGD_NOT_FULLY_INVOICED');
    expect(notInvoiced.json().error.params.left_cents).toBe(contractTtc() - deposit.totals.total_ttc_cents);

    await issued(quoteId, { kind: 'solde' });
    expect((await establish(quoteId, {}, carol)).statusCode).toBe(403);
    expect((await establish(quoteId, {}, otherArchitect)).statusCode).toBe(403);
    const negative = await establish(quoteId, { penalties: [{ label: 'Retard', amount_cents: -500 }] });
    expect(negative.statusCode).toBe(400);
    const unnamed = await establish(quoteId, { penalties: [{ label: ' ', amount_cents: 500 }] });
    expect(unnamed.statusCode).toBe(400);
    const above = await establish(quoteId, { penalties: [{ label: 'Retard de livraison', amount_cents: contractTtc() + 1 }] });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.code).toBe('DGD_PENALTIES_ABOVE_CONTRACT');
    expect(await dgdCount(quoteId)).toBe(0);
    expect(await dgdCount(early.quoteId)).toBe(0);
  });

  it('states the amended contract, invoices, payments, retenue, penalties and the balance; numbered per quote; two at once give one', async () => {
    const { quoteId, projectId } = await received();
    const { deposit, balance } = await wholyInvoiced(quoteId);
    const body = { penalties: [{ label: 'Retard de livraison (3 jours)', amount_cents: 15_000 }], note: 'Chantier achevé.' };
    const [a, b] = await Promise.all([establish(quoteId, body), establish(quoteId, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refusedOne = a.statusCode === 409 ? a : b;
    expect(refusedOne.json().error.code).toBe('DGD_ALREADY_OPEN');
    const dgd = (a.statusCode === 201 ? a : b).json().data as Json;
    expect(await dgdCount(quoteId)).toBe(1);
    expect(dgd.number).toMatch(/^D-\d{4}-\d{4}-DGD$/);
    expect(dgd.status).toBe('Émis');
    const d = dgd.document;
    expect(d.contract.totals.total_ttc_cents).toBe(contractTtc());
    expect(d.invoices.map((i: Json) => i.number)).toEqual([deposit.number, balance.number]);
    expect(d.retention.withheld_cents).toBe(balance.retention_cents);
    expect(d.retention.release_date).toBe('2027-11-20');
    expect(d.account.paid_cents).toBe(deposit.totals.total_ttc_cents);
    expect(d.account.penalties_cents).toBe(15_000);
    expect(d.account.balance_cents).toBe(contractTtc() - 15_000 - deposit.totals.total_ttc_cents);
    expect(d.account.balance_now_cents).toBe(d.account.balance_cents - balance.retention_cents);
    expect(d.project.id).toBe(projectId);

    // Both parties read it; a stranger does not.
    expect((await as(ctx, carol, { method: 'GET', url: `/api/dgd/${dgd.id}` })).json().data.can_answer).toBe(true);
    expect((await as(ctx, architect, { method: 'GET', url: `/api/devis/${quoteId}/dgd` })).json().data.can_establish).toBe(false);
    expect((await as(ctx, otherClient, { method: 'GET', url: `/api/dgd/${dgd.id}` })).statusCode).toBe(403);

    // The PDF as issued, the same bytes at each read.
    const pdf = await as(ctx, architect, { method: 'GET', url: `/api/dgd/${dgd.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdftotext(pdf.rawPayload);
    expect(text).toContain(`DÉCOMPTE GÉNÉRAL DÉFINITIF N° ${dgd.number}`);
    expect(text).toContain('Retard de livraison (3 jours)');
    expect(text).toContain('libérable le 20/11/2027');
    const again = await as(ctx, carol, { method: 'GET', url: `/api/dgd/${dgd.id}/pdf` });
    expect(sha256(again.rawPayload)).toBe(sha256(pdf.rawPayload));
  });
});

/** The notices of one kind a user has about this quote. */
const noticesOf = async (user: TestUser, kind: string, quoteId: number) =>
  (
    await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, kind), eq(notifications.link, `/devis/${quoteId}`)))
  ).length;

describe('answering the DGD', () => {
  it('holds the invoicing while issued; disputed with a reason, it opens it again and a new DGD takes the next number', async () => {
    const { quoteId } = await received();
    const { deposit } = await wholyInvoiced(quoteId);
    const first = (await establish(quoteId)).json().data as Json;
    // The client is told, and finds it among the documents to sign.
    expect(await noticesOf(carol, 'dgd_established', quoteId)).toBe(1);
    const dashboard = (await as(ctx, carol, { method: 'GET', url: '/api/dashboard/client' })).json().data;
    expect(dashboard.documents_to_sign.items).toContainEqual(
      expect.objectContaining({ kind: 'dgd', id: first.id, label: first.number, to: `/devis/${quoteId}/dgd/${first.id}/signer` }),
    );

    const held = await invoice(quoteId, { kind: 'acompte', percent_bp: 1000 });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('DGD_AWAITING_ANSWER');
    const credit = await as(ctx, architect, {
      method: 'POST',
      url: `/api/facture/${deposit.id}/avoir`,
      payload: { amount_cents: 1000, reason: 'Remise commerciale accordée.' },
    });
    expect(credit.statusCode).toBe(409);
    expect(credit.json().error.code).toBe('DGD_AWAITING_ANSWER');
    // Nor is an avenant sent: it would change the contract the account states.
    const draft = await as(ctx, architect, {
      method: 'POST',
      url: `/api/devis/${quoteId}/avenants`,
      payload: {
        title: 'Prise supplémentaire',
        lots: [{ lot_index: 0, lines: [{ designation: 'Prise', quantity_milli: 1000, unit: 'u', unit_price_cents: 8_000, tva_rate_bp: 1000 }] }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sendAvenant = await as(ctx, architect, { method: 'POST', url: `/api/avenants/${draft.json().data.id}/envoyer` });
    expect(sendAvenant.statusCode).toBe(409);
    expect(sendAvenant.json().error.code).toBe('DGD_AWAITING_ANSWER');

    const short = await as(ctx, carol, { method: 'POST', url: `/api/dgd/${first.id}/contester`, payload: { reason: 'x' } });
    expect(short.statusCode).toBe(400);
    expect((await as(ctx, architect, { method: 'POST', url: `/api/dgd/${first.id}/contester`, payload: { reason: 'Pénalités oubliées.' } })).statusCode).toBe(
      403,
    );
    expect((await as(ctx, otherClient, { method: 'POST', url: `/api/dgd/${first.id}/contester`, payload: { reason: 'Pénalités oubliées.' } })).statusCode).toBe(
      403,
    );
    const [x, y] = await Promise.all([
      as(ctx, carol, { method: 'POST', url: `/api/dgd/${first.id}/contester`, payload: { reason: 'Les pénalités de retard ne sont pas comptées.' } }),
      as(ctx, carol, { method: 'POST', url: `/api/dgd/${first.id}/contester`, payload: { reason: 'Les pénalités de retard ne sont pas comptées.' } }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((x.statusCode === 409 ? x : y).json().error.code).toBe('DGD_NOT_OPEN');
    const disputed = (await as(ctx, architect, { method: 'GET', url: `/api/dgd/${first.id}` })).json().data;
    expect(disputed.status).toBe('Contesté');
    expect(disputed.dispute_reason).toBe('Les pénalités de retard ne sont pas comptées.');
    // The architect is told once; the dispute leaves the client's documents to sign.
    expect(await noticesOf(architect, 'dgd_disputed', quoteId)).toBe(1);
    const after = (await as(ctx, carol, { method: 'GET', url: '/api/dashboard/client' })).json().data;
    expect(after.documents_to_sign.items.some((d: { kind: string; id: number }) => d.kind === 'dgd' && d.id === first.id)).toBe(false);
    // Signing a disputed DGD is refused.
    expect((await as(ctx, carol, { method: 'POST', url: `/api/dgd/${first.id}/signature` })).json().error.code).toBe('DGD_NOT_OPEN');

    const second = await establish(quoteId, { penalties: [{ label: 'Retard de livraison', amount_cents: 20_000 }] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.number).toBe(`${first.number}2`);
  });

  it('accepted through the signing flow — two signatures at once applied once — it closes the invoicing, but for the retenue’s release', async () => {
    const { quoteId, projectId, receptionId, reservationId } = await received();
    const { deposit } = await wholyInvoiced(quoteId);
    const dgd = (await establish(quoteId)).json().data as Json;
    expect((await as(ctx, otherClient, { method: 'POST', url: `/api/dgd/${dgd.id}/signature` })).statusCode).toBe(403);

    const hash = await readToSign(dgd.id);
    const [s1, s2] = await Promise.all([sign(dgd.id, hash), sign(dgd.id, hash)]);
    expect([s1.statusCode, s2.statusCode]).toContain(200);
    const accepted = (await as(ctx, carol, { method: 'GET', url: `/api/dgd/${dgd.id}` })).json().data;
    expect(accepted.status).toBe('Accepté');
    expect(await noticesOf(architect, 'dgd_accepted', quoteId)).toBe(1);
    expect(accepted.can_answer).toBe(false);
    const docs = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.subjectId, dgd.id));
    expect(docs.filter((doc) => doc.kind === 'dgd').map((doc) => doc.status)).toEqual(['signed']);
    expect((await as(ctx, carol, { method: 'POST', url: `/api/dgd/${dgd.id}/contester`, payload: { reason: 'Trop tard pour contester.' } })).statusCode).toBe(
      409,
    );

    const closed = await invoice(quoteId, { kind: 'acompte', percent_bp: 1000 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('DGD_INVOICING_CLOSED');
    const credit = await as(ctx, architect, {
      method: 'POST',
      url: `/api/facture/${deposit.id}/avoir`,
      payload: { amount_cents: 1000, reason: 'Remise commerciale accordée.' },
    });
    expect(credit.json().error.code).toBe('DGD_INVOICING_CLOSED');
    expect((await establish(quoteId)).json().error.code).toBe('DGD_ALREADY_OPEN');

    // The retenue is still released a year after the réception, reservations lifted.
    await ctx.db.update(receptionReservations).set({ liftedOn: '2026-11-22' }).where(eq(receptionReservations.id, reservationId));
    clock.set('2027-11-21T10:00:00Z');
    const release = await as(ctx, architect, { method: 'POST', url: `/api/reception/${receptionId}/liberer-retenue` });
    expect(release.statusCode, release.body).toBe(200);

    // The signed DGD is among the project's documents, and in its timeline.
    const list = (await as(ctx, carol, { method: 'GET', url: '/api/documents?per_page=50' })).json().data;
    expect(list.items.some((item: Json) => item.title.startsWith(`Décompte général définitif ${dgd.number}`) && item.status === 'signed')).toBe(true);
    const timeline = (await as(ctx, carol, { method: 'GET', url: `/api/project/activite/${projectId}` })).json().data;
    const kinds = timeline.items.map((e: Json) => e.kind);
    expect(kinds).toContain('dgd.established');
    expect(kinds).toContain('dgd.accepted');
    const signedPdf = await as(ctx, carol, { method: 'GET', url: `/api/dgd/${dgd.id}/pdf` });
    expect(signedPdf.statusCode).toBe(200);
    expect(pdftotext(signedPdf.rawPayload)).toContain(dgd.number);
  });
});
