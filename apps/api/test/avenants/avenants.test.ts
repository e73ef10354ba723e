import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { avenants, mails, notifications, signatureDocuments } from '@ouvrage/db';
import { contractOf, FixedClock, type QuoteLotInput } from '@ouvrage/domain';
import { readSignedPdf, sha256 } from '../../src/modules/signature';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { contractLots, contractTtc, quoteInStatus } from '../invoices/factories';
import { completeProfile } from '../quotes/factories';
import { pdfsig } from '../signature/pdfsig';
import { dataUrl, signaturePng } from '../signature/png';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let architect: TestUser;
let otherArchitect: TestUser;
let carol: TestUser;
let otherClient: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
});

afterEach(() => clock.set('2026-11-23T10:00:00Z'));

type Json = Record<string, any>;

/** Adds two sockets to the first lot (10 %) and a new lot « Peinture » (20 %). */
const addBody = {
  title: 'Travaux supplémentaires',
  reason: 'Demande du client pendant le chantier.',
  delay_days: 5,
  lots: [
    { lot_index: 0, lines: [{ designation: 'Prise supplémentaire', quantity_milli: 2000, unit: 'u', unit_price_cents: 8_000, tva_rate_bp: 1000 }] },
    {
      lot_index: null,
      title: 'Peinture',
      lines: [{ designation: 'Peinture des murs', quantity_milli: 30_500, unit: 'm²', unit_price_cents: 1_990, tva_rate_bp: 2000, discount_bp: 500 }],
    },
  ],
};
/** The same avenant as the domain reads it. */
const addLots = [
  {
    lotIndex: 0,
    title: '',
    lines: [{ designation: 'Prise supplémentaire', quantityMilli: 2000, unit: 'u' as const, unitPriceCents: 8_000, tvaRateBp: 1000 as const, discountBp: 0 }],
  },
  {
    lotIndex: null,
    title: 'Peinture',
    lines: [{ designation: 'Peinture des murs', quantityMilli: 30_500, unit: 'm²' as const, unitPriceCents: 1_990, tvaRateBp: 2000 as const, discountBp: 500 }],
  },
];
const countedLots: QuoteLotInput[] = contractLots.map((lot) => ({
  ...lot,
  lines: lot.lines.map((l) => ({ ...l, optional: l.optional && !l.designation.includes('retenue)') })),
}));

const validated = (typeClient?: 'entreprise') => quoteInStatus(ctx.db, { issuerId: architect.id, clientId: carol.id, ...(typeClient ? { typeClient } : {}) });
const create = (quoteId: number, body: object = addBody, user: TestUser = architect) =>
  as(ctx, user, { method: 'POST', url: `/api/devis/${quoteId}/avenants`, payload: body });
async function drafted(quoteId: number, body: object = addBody): Promise<Json> {
  const res = await create(quoteId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const send = (id: number, user: TestUser = architect) => as(ctx, user, { method: 'POST', url: `/api/avenants/${id}/envoyer` });
async function sent(quoteId: number, body: object = addBody): Promise<Json> {
  const d = await drafted(quoteId, body);
  const res = await send(d.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const notesOf = (user: TestUser, kind: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, kind)));
const contractOfQuote = async (quoteId: number, user: TestUser = architect) =>
  (await as(ctx, user, { method: 'GET', url: `/api/devis/${quoteId}/avenants` })).json().data as Json;

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1);
  return /Code de signature : (\d{6})/.exec(mail.textBody)![1];
}

/** The client goes through the signing flow of a quote for the avenant: code by e-mail, document, signature. */
async function signAvenant(id: number, user: TestUser = carol) {
  return signRead(id, await readToSign(id, user), user);
}

/** The code step and the reading: the document's hash the signature accepts. */
async function readToSign(id: number, user: TestUser = carol): Promise<string> {
  const start = await as(ctx, user, { method: 'POST', url: `/api/avenants/${id}/signature` });
  expect(start.statusCode, start.body).toBe(200);
  const verified = await as(ctx, user, { method: 'POST', url: `/api/avenants/${id}/signature/code`, payload: { code: await lastCodeTo(user.email) } });
  expect(verified.statusCode, verified.body).toBe(200);
  const doc = await as(ctx, user, { method: 'GET', url: `/api/avenants/${id}/signature/document` });
  expect(doc.statusCode).toBe(200);
  expect(sha256(doc.rawPayload)).toBe(verified.json().data.document_sha256);
  return verified.json().data.document_sha256;
}

async function signRead(id: number, documentSha256: string, user: TestUser = carol) {
  const signed = await as(ctx, user, {
    method: 'POST',
    url: `/api/avenants/${id}/signature/signer`,
    payload: { image: dataUrl(signaturePng()), mode: 'drawn', accepted: true, document_sha256: documentSha256 },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json().data as { document_id: number; completed: boolean };
}

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-avenant-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('drafting and sending an avenant', () => {
  it('the issuer drafts it on a validated quote, the client does not see the draft, sending numbers it D-…-A1 with before, change and after per rate', async () => {
    const quoteId = await validated();
    const d = await drafted(quoteId);
    expect(d).toMatchObject({ status: 'Brouillon', number: null, can_edit: true, delay_days: 5 });
    expect((await as(ctx, carol, { method: 'GET', url: `/api/avenants/${d.id}` })).statusCode).toBe(404);
    expect((await contractOfQuote(quoteId, carol)).avenants).toHaveLength(0);
    expect((await create(quoteId, addBody, otherArchitect)).statusCode).toBe(403);
    expect((await create(quoteId, addBody, carol)).statusCode).toBe(403);

    const edited = await as(ctx, architect, { method: 'PUT', url: `/api/avenants/${d.id}`, payload: { ...addBody, title: 'Prises et peinture' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const res = await send(d.id);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    const [quote] = await ctx.db.select().from(avenants).where(eq(avenants.id, d.id));
    expect(a.number).toMatch(/^D-2026-\d{4}-A1$/);
    expect(quote.sequence).toBe(1);
    expect(a).toMatchObject({ status: 'Envoyé', title: 'Prises et peinture', can_edit: false });
    // The client is told, with the avenant's number.
    expect((await notesOf(carol, 'avenant_sent')).filter((n) => n.params.number === a.number)).toHaveLength(1);
    // And finds it among the documents to sign of their dashboard.
    const dashboard = (await as(ctx, carol, { method: 'GET', url: '/api/dashboard/client' })).json().data;
    expect(dashboard.documents_to_sign.items).toContainEqual(
      expect.objectContaining({ kind: 'avenant', id: d.id, label: a.number, to: `/devis/${quoteId}/avenants/${d.id}/signer` }),
    );

    // The amounts, computed once by the domain's rule on the whole contract.
    const before = contractOf(countedLots);
    const after = contractOf([
      { ...countedLots[0], lines: [...countedLots[0].lines, ...addLots[0].lines] },
      countedLots[1],
      { title: 'Peinture', lines: addLots[1].lines },
    ]);
    expect(a.amounts.before.totals.total_ttc_cents).toBe(contractTtc());
    expect(a.amounts.after.totals.total_ttc_cents).toBe(after.totals.totalTtcCents);
    expect(a.amounts.change.totals.total_ttc_cents).toBe(after.totals.totalTtcCents - before.totals.totalTtcCents);
    for (const r of a.amounts.after.by_rate) {
      const b = a.amounts.before.by_rate.find((x: Json) => x.rate_bp === r.rate_bp) ?? { base_cents: 0, tva_cents: 0 };
      const c = a.amounts.change.by_rate.find((x: Json) => x.rate_bp === r.rate_bp) ?? { base_cents: 0, tva_cents: 0 };
      expect(b.base_cents + c.base_cents).toBe(r.base_cents);
      expect(b.tva_cents + c.tva_cents).toBe(r.tva_cents);
    }
    expect(a.amounts.lots.map((l: Json) => [l.title, l.added])).toEqual([
      ['Démolition', false],
      ['Plomberie', false],
      ['Peinture', true],
    ]);
    // Sent: the client sees it; it is no longer edited; the contract is unchanged until it is signed.
    expect((await as(ctx, carol, { method: 'GET', url: `/api/avenants/${d.id}` })).json().data).toMatchObject({ can_sign: true });
    const again = await as(ctx, architect, { method: 'PUT', url: `/api/avenants/${d.id}`, payload: addBody });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('AVENANT_NOT_DRAFT');
    expect((await contractOfQuote(quoteId)).contract.totals.total_ttc_cents).toBe(contractTtc());

    // Its PDF: the contract before, the change and the new contract, with a quote's mentions.
    const pdf = await as(ctx, architect, { method: 'GET', url: `/api/avenants/${d.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdftotext(pdf.rawPayload);
    expect(text).toContain(`AVENANT N° ${a.number}`);
    expect(text).toContain('Contrat avant l’avenant');
    expect(text).toContain('Nouveau montant du marché');
    expect(text).toContain('Droit de rétractation');
    expect(text).toContain('Peinture des murs (ajouté)');
  });

  it('bad input gets a 400 with a code and changes nothing; a quote not validated gets a 409', async () => {
    const quoteId = await validated();
    const bad = await create(quoteId, {
      ...addBody,
      lots: [{ lot_index: 0, lines: [{ designation: 'X', quantity_milli: 'deux', unit: 'u', unit_price_cents: 1, tva_rate_bp: 2000 }] }],
    });
    expect(bad.statusCode).toBe(400);
    const zero = await drafted(quoteId, {
      ...addBody,
      lots: [{ lot_index: 0, lines: [{ designation: 'X', quantity_milli: 0, unit: 'u', unit_price_cents: 100, tva_rate_bp: 1000 }] }],
    });
    const refused = await send(zero.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('AVENANT_LINE_QUANTITY_ZERO');
    const tooMuch = await drafted(quoteId, {
      ...addBody,
      lots: [
        { lot_index: 0, lines: [{ designation: 'Dépose en moins', quantity_milli: -2000, unit: 'forfait', unit_price_cents: 85_000, tva_rate_bp: 1000 }] },
      ],
    });
    const below = await send(tooMuch.id);
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toMatchObject({ code: 'AVENANT_LOT_BELOW_ZERO', params: { lot: 'Démolition' } });
    const [row] = await ctx.db.select().from(avenants).where(eq(avenants.id, tooMuch.id));
    expect(row).toMatchObject({ status: 'Brouillon', sequence: null, number: null });

    const draftQuote = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: carol.id, status: 'Envoyé' });
    const notValidated = await create(draftQuote);
    expect(notValidated.statusCode).toBe(409);
    expect(notValidated.json().error.code).toBe('AVENANT_QUOTE_NOT_VALIDATED');
  });

  it('the client refuses a sent avenant with a reason; it never changes the contract', async () => {
    const quoteId = await validated();
    const a = await sent(quoteId);
    expect((await as(ctx, architect, { method: 'POST', url: `/api/avenants/${a.id}/refuser`, payload: { reason: 'Trop cher.' } })).statusCode).toBe(403);
    const noReason = await as(ctx, carol, { method: 'POST', url: `/api/avenants/${a.id}/refuser`, payload: { reason: '' } });
    expect(noReason.statusCode).toBe(400);
    const res = await as(ctx, carol, { method: 'POST', url: `/api/avenants/${a.id}/refuser`, payload: { reason: 'Nous préférons attendre.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Refusé', refusal_reason: 'Nous préférons attendre.', can_sign: false });
    expect((await notesOf(architect, 'avenant_refused')).filter((n) => n.params.number === a.number)[0].params).toMatchObject({
      reason: 'Nous préférons attendre.',
    });
    const start = await as(ctx, carol, { method: 'POST', url: `/api/avenants/${a.id}/signature` });
    expect(start.statusCode).toBe(409);
    expect(start.json().error.code).toBe('AVENANT_NOT_SIGNABLE');
    expect((await contractOfQuote(quoteId)).contract.totals.total_ttc_cents).toBe(contractTtc());
  });
});

describe('signing an avenant', () => {
  it('the client signs it with the quote’s flow; the sealed PDF verifies with pdfsig; the contract and the next invoice are the amended ones', async () => {
    const quoteId = await validated();
    const a = await sent(quoteId);
    expect((await as(ctx, otherClient, { method: 'POST', url: `/api/avenants/${a.id}/signature` })).statusCode).toBe(403);
    expect((await as(ctx, architect, { method: 'POST', url: `/api/avenants/${a.id}/signature` })).statusCode).toBe(403);
    const result = await signAvenant(a.id);
    expect(result.completed).toBe(true);
    const view = (await as(ctx, carol, { method: 'GET', url: `/api/avenants/${a.id}` })).json().data;
    expect(view).toMatchObject({ status: 'Signé', can_sign: false, can_withdraw: true });
    expect(view.withdrawal.open).toBe(true);

    const [doc] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, result.document_id));
    expect(doc).toMatchObject({ kind: 'avenant', subjectId: a.id, status: 'signed' });
    const sealed = await readSignedPdf(ctx.app.deps, doc);
    const verified = pdfsig(sealed);
    expect(verified).toMatch(/Signature Validation: Signature is Valid\./);
    const served = await as(ctx, carol, { method: 'GET', url: `/api/avenants/${a.id}/pdf` });
    expect(sha256(served.rawPayload)).toBe(doc.signedSha256);

    // The contract as amended, read by every reader through the quote's facts.
    const amended = await contractOfQuote(quoteId);
    expect(amended.contract.totals.total_ttc_cents).toBe(a.amounts.after.totals.total_ttc_cents);
    expect(amended.lots.map((l: Json) => l.title)).toEqual(['Démolition', 'Plomberie', 'Peinture']);
    // The invoicing screen is given the same amended lots to compute the next invoice on.
    const invoicing = (await as(ctx, architect, { method: 'GET', url: `/api/facture/devis/${quoteId}` })).json().data;
    expect(invoicing.contract_lots.map((l: Json) => l.title)).toEqual(['Démolition', 'Plomberie', 'Peinture']);
    // A situation on the three lots, then the balance on the new total.
    const situation = await as(ctx, architect, {
      method: 'POST',
      url: '/api/facture',
      payload: { quote_id: quoteId, kind: 'situation', progress_bp: [10_000, 5000, 10_000] },
    });
    expect(situation.statusCode, situation.body).toBe(201);
    const balance = await as(ctx, architect, { method: 'POST', url: '/api/facture', payload: { quote_id: quoteId, kind: 'solde' } });
    expect(balance.statusCode, balance.body).toBe(201);
    const total = situation.json().data.totals.total_ttc_cents + balance.json().data.totals.total_ttc_cents;
    expect(total).toBe(a.amounts.after.totals.total_ttc_cents);
  });

  it('two avenants sent at once get A1 and A2; signed at once, both apply, once', async () => {
    const quoteId = await validated();
    const [d1, d2] = [await drafted(quoteId), await drafted(quoteId, { ...addBody, title: 'Autre', lots: [addBody.lots[0]] })];
    const both = await Promise.all([send(d1.id), send(d2.id)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().data.number.replace(/^.*-/, '')).sort()).toEqual(['A1', 'A2']);
    // Each code step in turn (the codes go to one mailbox), then both signatures at the same time.
    const read = [await readToSign(d1.id), await readToSign(d2.id)];
    const signed = await Promise.all([signRead(d1.id, read[0]), signRead(d2.id, read[1])]);
    expect(signed.every((s) => s.completed)).toBe(true);
    const rows = await ctx.db
      .select()
      .from(avenants)
      .where(and(eq(avenants.quoteId, quoteId), eq(avenants.status, 'Signé')));
    expect(rows).toHaveLength(2);
    // The issuer is told once per avenant.
    const told = await notesOf(architect, 'avenant_signed');
    for (const row of rows) expect(told.filter((n) => n.params.number === row.number)).toHaveLength(1);
    const expected = contractOf([
      { ...countedLots[0], lines: [...countedLots[0].lines, ...addLots[0].lines, ...addLots[0].lines] },
      countedLots[1],
      { title: 'Peinture', lines: addLots[1].lines },
    ]);
    expect((await contractOfQuote(quoteId)).contract.totals.total_ttc_cents).toBe(expected.totals.totalTtcCents);
  });

  it('an avenant taking a lot below what a situation invoiced is refused (an avoir first)', async () => {
    const quoteId = await validated();
    const situation = await as(ctx, architect, {
      method: 'POST',
      url: '/api/facture',
      payload: { quote_id: quoteId, kind: 'situation', progress_bp: [8000, 0] },
    });
    expect(situation.statusCode, situation.body).toBe(201);
    const halfDemolition = {
      ...addBody,
      lots: [
        {
          lot_index: 0,
          lines: [{ designation: 'Dépose partielle en moins', quantity_milli: -500, unit: 'forfait', unit_price_cents: 85_000, tva_rate_bp: 1000 }],
        },
      ],
    };
    const d = await drafted(quoteId, halfDemolition);
    const refused = await send(d.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'AVENANT_BELOW_INVOICED', params: { lot: 'Démolition', after_cents: 42_500, invoiced_cents: 68_000 } });
    // The avoir on the situation, then the avenant goes.
    const avoir = await as(ctx, architect, {
      method: 'POST',
      url: `/api/facture/${situation.json().data.id}/avoir`,
      payload: { reason: 'Lot réduit par avenant.' },
    });
    expect(avoir.statusCode, avoir.body).toBe(201);
    expect((await send(d.id)).statusCode).toBe(200);
  });

  it('a consumer withdraws from a signed avenant within the period: the contract is the quote again; after it, refused', async () => {
    const quoteId = await validated();
    const a = await sent(quoteId);
    await signAvenant(a.id);
    const w = await as(ctx, carol, { method: 'POST', url: `/api/avenants/${a.id}/retractation` });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().data.status).toBe('Rétracté');
    expect((await contractOfQuote(quoteId)).contract.totals.total_ttc_cents).toBe(contractTtc());

    const b = await sent(quoteId);
    await signAvenant(b.id);
    clock.set('2026-12-31T10:00:00Z');
    const late = await as(ctx, carol, { method: 'POST', url: `/api/avenants/${b.id}/retractation` });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('QUOTE_WITHDRAWAL_EXPIRED');
    expect(b.number).toMatch(/-A2$/);

    const business = await validated('entreprise');
    const c = await sent(business);
    await signAvenant(c.id);
    const refusedBusiness = await as(ctx, carol, { method: 'POST', url: `/api/avenants/${c.id}/retractation` });
    expect(refusedBusiness.json().error.code).toBe('QUOTE_WITHDRAWAL_BUSINESS');
    expect(admin.id).toBeGreaterThan(0);
  });
});
