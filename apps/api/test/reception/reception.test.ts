import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, notifications, projectActivity, projects, quotes, receptions, signatureDocuments } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { notificationText } from '../../src/modules/notifications';
import { completeBuiltinSignature, completeSignatureDocument, readSignedPdf, sha256 } from '../../src/modules/signature';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { quoteInStatus } from '../invoices/factories';
import { multipart } from '../professionals/helpers';
import { dataUrl, signaturePng } from '../signature/png';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
const deps = () => ctx.app.deps;
let admin: TestUser;
let carol: TestUser;
let otherClient: TestUser;
let architect: TestUser;
let otherArchitect: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  carol = await loginAs(ctx, { user_type: 'client' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
});

async function validatedQuote(status = 'Validé') {
  const id = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: carol.id, status, retentionBp: 500 });
  const [q] = await ctx.db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, id));
  await ctx.db.update(projects).set({ stage: 'Travaux' }).where(eq(projects.id, q.projectId));
  return { quoteId: id, projectId: q.projectId };
}

const record = (quoteId: number, payload: object, user: TestUser = architect) =>
  as(ctx, user, { method: 'POST', url: `/api/devis/${quoteId}/reception`, payload });
const withReserve = { reception_date: '2026-11-20', reservations: [{ lot_index: 1, description: 'Joint de l’évier à reprendre' }] };

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1);
  return /Code de signature : (\d{6})/.exec(mail.textBody)![1];
}

/** The client goes through the signing flow of the PV: code, document, signature. */
async function signPv(receptionId: number, user: TestUser = carol) {
  const start = await as(ctx, user, { method: 'POST', url: `/api/reception/${receptionId}/signature` });
  expect(start.statusCode, start.body).toBe(200);
  const verified = await as(ctx, user, {
    method: 'POST',
    url: `/api/reception/${receptionId}/signature/code`,
    payload: { code: await lastCodeTo(user.email) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const doc = await as(ctx, user, { method: 'GET', url: `/api/reception/${receptionId}/signature/document` });
  expect(doc.statusCode).toBe(200);
  expect(sha256(doc.rawPayload)).toBe(verified.json().data.document_sha256);
  const signed = await as(ctx, user, {
    method: 'POST',
    url: `/api/reception/${receptionId}/signature/signer`,
    payload: { image: dataUrl(signaturePng()), mode: 'drawn', accepted: true, document_sha256: verified.json().data.document_sha256 },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json().data as { document_id: number; completed: boolean };
}

const stageMoves = (projectId: number) =>
  ctx.db
    .select()
    .from(projectActivity)
    .where(and(eq(projectActivity.projectId, projectId), eq(projectActivity.action, 'stage'), eq(projectActivity.toValue, 'Réception')));

describe('recording the réception', () => {
  it('is for the quote’s issuer only: another architect and the client are refused, a second réception too', async () => {
    const { quoteId } = await validatedQuote();
    expect((await record(quoteId, withReserve, otherArchitect)).statusCode).toBe(403);
    expect((await record(quoteId, withReserve, carol)).statusCode).toBe(403);
    const before = (await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email))).length;
    const res = await record(quoteId, withReserve);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'avec_reserves', status: 'À signer', open_reservations: 1, can_manage: true, can_sign: false });
    expect(res.json().data.reservations[0]).toMatchObject({ lot_index: 1, lot_title: 'Plomberie', lifted_on: null });
    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email));
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.subject).toMatch(/^Réception des travaux à signer/);

    const again = await record(quoteId, { reception_date: '2026-11-21' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RECEPTION_ALREADY_RECORDED');

    const seen = await as(ctx, carol, { method: 'GET', url: `/api/devis/${quoteId}/reception` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ can_record: false, reception: { can_sign: true, can_manage: false } });
    expect(seen.json().data.lots).toEqual([
      { index: 0, title: 'Démolition' },
      { index: 1, title: 'Plomberie' },
    ]);
    expect((await as(ctx, otherClient, { method: 'GET', url: `/api/devis/${quoteId}/reception` })).statusCode).toBe(403);
  });

  it('lets an admin record it in the issuer’s name, sans réserve', async () => {
    const { quoteId } = await validatedQuote();
    const res = await record(quoteId, { reception_date: '2026-11-23' }, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'sans_reserve', reservations: [] });
    const [row] = await ctx.db.select().from(receptions).where(eq(receptions.quoteId, quoteId));
    expect(row).toMatchObject({ issuerId: architect.id, createdBy: admin.id });
  });

  it('answers bad inputs with a 4xx and a French message, never a 500', async () => {
    const { quoteId } = await validatedQuote();
    const cases: Array<[object, number, string | RegExp]> = [
      [{ reception_date: '2026-02-30' }, 400, /jour réel/],
      [{ reception_date: 'hier' }, 400, /jour réel/],
      [{}, 400, /date de réception est obligatoire/],
      [{ reception_date: '2026-11-24' }, 400, /postérieure à aujourd’hui/],
      [{ reception_date: '2026-11-01' }, 400, /précéder la validation du devis/],
      [{ reception_date: '2026-11-20', reservations: [{ lot_index: 9, description: 'x' }] }, 400, /lot/],
      [{ reception_date: '2026-11-20', reservations: [{ lot_index: 0, description: '   ' }] }, 400, /Décrivez la réserve/],
      [{ reception_date: '2026-11-20', reservations: [{ lot_index: -1, description: 'x' }] }, 400, /Choisissez le lot/],
      [{ reception_date: '2026-11-20', reservations: 'aucune' }, 400, /réserves/],
      [{ reception_date: '2026-11-20', reservations: [{ lot_index: 0, description: 'x'.repeat(2001) }] }, 400, /2000 caractères/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await record(quoteId, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(status);
      const error = res.json().error;
      expect(`${error.message} ${JSON.stringify(error.fields ?? {})}`).toMatch(message);
    }
    const signedOnly = await validatedQuote('Signé');
    const notValidated = await record(signedOnly.quoteId, withReserve);
    expect(notValidated.statusCode).toBe(409);
    expect(notValidated.json().error).toMatchObject({ code: 'RECEPTION_QUOTE_NOT_VALIDATED', params: { status: 'Signé' } });
    expect((await record(999_999, withReserve, admin)).statusCode).toBe(404);
  });
});

describe('signing the procès-verbal', () => {
  it('gives back the code sent and still valid when the signing page loads again (issue 36 §3)', async () => {
    const { quoteId } = await validatedQuote();
    const receptionId = (await record(quoteId, withReserve)).json().data.id as number;
    const state = (user: TestUser) => as(ctx, user, { method: 'GET', url: `/api/reception/${receptionId}/signature` });
    expect((await state(carol)).json().data).toEqual({ pending_code: null, resend_in_s: 0 });
    const sent = (await as(ctx, carol, { method: 'POST', url: `/api/reception/${receptionId}/signature` })).json().data;
    expect((await state(carol)).json().data).toEqual({ pending_code: sent, resend_in_s: sent.resend_in_s });
    expect(sent.resend_in_s).toBe(60);
    expect((await state(architect)).statusCode).toBe(403);
    expect((await state(otherClient)).statusCode).toBe(403);
  });

  it('moves the project to « Réception » once, even when the completion runs twice', async () => {
    const { quoteId, projectId } = await validatedQuote();
    const receptionId = (await record(quoteId, withReserve)).json().data.id as number;
    // Only its client signs it: the architect by role, another client by ownership.
    expect((await as(ctx, architect, { method: 'POST', url: `/api/reception/${receptionId}/signature` })).statusCode).toBe(403);
    expect((await as(ctx, otherClient, { method: 'POST', url: `/api/reception/${receptionId}/signature` })).statusCode).toBe(403);

    const result = await signPv(receptionId);
    expect(result.completed).toBe(true);
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project.stage).toBe('Réception');
    const [row] = await ctx.db.select().from(receptions).where(eq(receptions.id, receptionId));
    expect(row.signedAt).not.toBeNull();

    // The completion again — the job's run, a direct call, both at once: nothing moves twice.
    expect(await completeBuiltinSignature(deps(), result.document_id)).toBe('already-signed');
    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, result.document_id));
    expect(doc).toMatchObject({ kind: 'reception', subjectId: receptionId, status: 'signed' });
    const pdf = await readSignedPdf(deps(), doc);
    const twice = await Promise.all([
      ctx.db.transaction((tx) => completeSignatureDocument(deps(), tx, doc.id, { signedPdf: pdf, at: clock.now() })),
      completeBuiltinSignature(deps(), doc.id),
    ]);
    expect(twice).toEqual(['already-signed', 'already-signed']);
    expect(await stageMoves(projectId)).toHaveLength(1);
    const toIssuer = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, architect.email), eq(mails.subject, `Procès-verbal de réception signé — devis ${await quoteLabel(quoteId)}`)));
    expect(toIssuer).toHaveLength(1);
    // The PV is named by its kind and its quote's label: each reader's language composes it (issue 36 §4).
    const label = await quoteLabel(quoteId);
    expect(doc.subjectLabel).toBe(label);
    const [signedNote] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, architect.id), eq(notifications.kind, 'document_signed')));
    expect(signedNote.params).toMatchObject({ title_kind: 'reception', label });
    expect(notificationText('document_signed', 'en', signedNote.params).title).toBe(`Document signed: Acceptance report — quote ${label}`);
    expect(notificationText('document_signed', 'fr', signedNote.params).title).toContain(`Procès-verbal de réception — devis ${label}`);

    const view = await as(ctx, carol, { method: 'GET', url: `/api/devis/${quoteId}/reception` });
    expect(view.json().data.reception).toMatchObject({ status: 'Signée', can_sign: false });
    const again = await as(ctx, carol, { method: 'POST', url: `/api/reception/${receptionId}/signature` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RECEPTION_ALREADY_SIGNED');
    const signedPv = await as(ctx, architect, { method: 'GET', url: `/api/reception/${receptionId}/pv` });
    expect(signedPv.statusCode).toBe(200);
    expect(sha256(signedPv.rawPayload)).toBe(doc.signedSha256);
  });

  it('serves the PV before signing, to its parties only', async () => {
    const { quoteId } = await validatedQuote();
    const receptionId = (await record(quoteId, withReserve)).json().data.id as number;
    const pv = await as(ctx, carol, { method: 'GET', url: `/api/reception/${receptionId}/pv` });
    expect(pv.statusCode).toBe(200);
    expect(pv.headers['content-type']).toBe('application/pdf');
    expect(pv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as(ctx, otherClient, { method: 'GET', url: `/api/reception/${receptionId}/pv` })).statusCode).toBe(403);
  });
});

describe('reservations', () => {
  const png = signaturePng();

  it('take a JPEG or PNG photo from the issuer until the PV goes out for signature; other files are refused', async () => {
    const { quoteId } = await validatedQuote();
    const reception = (await record(quoteId, withReserve)).json().data;
    const reservationId = reception.reservations[0].id as number;
    const upload = (bytes: Buffer, user: TestUser = architect, name = 'photo') =>
      as(ctx, user, {
        method: 'POST',
        url: `/api/reception/reserve/${reservationId}/photo`,
        ...multipart({}, [{ name, filename: 'joint.png', type: 'image/png', bytes }]),
      });

    const text = await upload(Buffer.from('pas une image du tout'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toMatch(/JPEG|PNG/);
    const wrongField = await upload(png, architect, 'image');
    expect(wrongField.statusCode).toBe(400);
    expect((await upload(png, otherArchitect)).statusCode).toBe(403);
    const notMultipart = await as(ctx, architect, { method: 'POST', url: `/api/reception/reserve/${reservationId}/photo`, payload: {} });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);

    const ok = await upload(png);
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().data.reservations[0].photo_url as string;
    expect(url).toBe(`/api/reception/reserve/${reservationId}/photo`);
    const photo = await as(ctx, carol, { method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(png)).toBe(true);

    await as(ctx, carol, { method: 'POST', url: `/api/reception/${reception.id}/signature` });
    const frozen = await upload(png);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.code).toBe('RECEPTION_PV_FROZEN');
  });

  it('are lifted by the issuer once the PV is signed, once, on a day between the réception and today', async () => {
    const { quoteId } = await validatedQuote();
    const reception = (await record(quoteId, withReserve)).json().data;
    const reservationId = reception.reservations[0].id as number;
    const lift = (payload: object, user: TestUser = architect) =>
      as(ctx, user, { method: 'POST', url: `/api/reception/reserve/${reservationId}/levee`, payload });

    const early = await lift({ lifted_on: '2026-11-22' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('RESERVATION_PV_NOT_SIGNED');
    await signPv(reception.id);

    expect((await lift({ lifted_on: '2026-11-22' }, carol)).statusCode).toBe(403);
    expect((await lift({ lifted_on: '2026-11-22' }, otherArchitect)).statusCode).toBe(403);
    const future = await lift({ lifted_on: '2026-12-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.code).toBe('RESERVATION_LIFT_FUTURE');
    const before = await lift({ lifted_on: '2026-11-19' });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.code).toBe('RESERVATION_LIFT_BEFORE_RECEPTION');
    expect((await lift({ lifted_on: '22/11/2026' })).statusCode).toBe(400);

    const ok = await lift({ lifted_on: '2026-11-22' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ open_reservations: 0, reservations: [{ lifted_on: '2026-11-22' }] });
    const twice = await lift({ lifted_on: '2026-11-23' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('RESERVATION_ALREADY_LIFTED');
  });
});

async function quoteLabel(quoteId: number): Promise<string> {
  const res = await as(ctx, architect, { method: 'GET', url: `/api/devis/${quoteId}/reception` });
  return res.json().data.reception.quote_label as string;
}
