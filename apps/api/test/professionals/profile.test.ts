import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { biens, categories, companyInsurances } from '@ouvrage/db';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany } from './factories';
import { multipart, PDF, professionId, serviceIds, tempDataDir } from './helpers';

const ctx = useTestApp({ dataDir: tempDataDir() });
let pro: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'En attente' });
  other = await loginAs(ctx, { user_type: 'professionnel' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  await ensureCompany(ctx.db, pro.id);
  await ensureCompany(ctx.db, other.id);
});

const legal = {
  siret: '81234567600017',
  raison_sociale: 'Benali Plomberie',
  forme_juridique: 'SARL',
  capital_cents: 1_000_000,
  rcs_rm: 'RCS Lyon 812 345 676',
  tva_number: 'FR 19 812345676',
  naf_code: '43.22A',
  head_office_address: '12 rue Paul Bert',
  head_office_postcode: '69003',
  head_office_city: 'Lyon',
  head_office_citycode: '69383',
};
const inAYear = `${new Date().getFullYear() + 1}-12-31`;
const insurance = { insurer: 'SMABTP', policy_number: 'D-42', valid_from: '2025-01-01', valid_until: inAYear, coverage: 'France métropolitaine' };

describe('enterprise profile: get-info, store-details, get-status-register', () => {
  it('saves legal, insurance, general and trade sections and returns the whole profile', async () => {
    const trade = { profession_id: await professionId(ctx.db, 'plombier'), service_ids: (await serviceIds(ctx.db, 'plombier')).slice(0, 2) };
    const res = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: {
        legal,
        decennale: insurance,
        rc_pro: insurance,
        general: {
          trade_name: 'Benali',
          description: 'Plomberie à Lyon',
          website: 'https://benali.example.fr',
          contact_email: 'contact@benali.example.fr',
          contact_phone: '04 78 12 34 56',
          year_founded: 2015,
          headcount: 4,
        },
        trade,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data;
    expect(info.legal).toMatchObject({
      siret: '81234567600017',
      siren: '812345676',
      tva_number: 'FR19812345676',
      tva_expected: 'FR19812345676',
      capital_cents: 1_000_000,
    });
    expect(info.insurances.decennale).toMatchObject({ insurer: 'SMABTP', has_certificate: false, valid: false });
    expect(info.general).toMatchObject({ contact_phone: '+33478123456', year_founded: 2015, has_logo: false });
    expect(info.trade).toMatchObject({ profession_name: 'Plombier', service_ids: trade.service_ids });

    const again = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-info/${pro.id}` });
    expect(again.json().data).toEqual(info);
  });

  it('refuses a TVA number that does not match the SIREN, an invalid SIRET and a bad NAF', async () => {
    const tva = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { legal: { ...legal, tva_number: 'FR00812345676' } },
    });
    expect(tva.statusCode).toBe(400);
    expect(tva.json().error.fields['legal.tva_number']).toMatch(/FR19812345676/);
    const siret = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { legal: { ...legal, siret: '81234567600018' } },
    });
    expect(siret.statusCode).toBe(400);
    expect(siret.json().error.fields['legal.siret']).toMatch(/clé de contrôle/);
    const naf = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { legal: { ...legal, naf_code: 'plomberie' } },
    });
    expect(naf.json().error.fields['legal.naf_code']).toMatch(/43.22A/);
    const dates = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { rc_pro: { ...insurance, valid_from: '2030-01-01', valid_until: '2029-01-01' } },
    });
    expect(dates.json().error.fields['rc_pro.valid_until']).toMatch(/fin/);
  });

  it('refuses a SIRET already used by another company', async () => {
    await as(ctx, other, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${other.id}`,
      payload: { legal: { ...legal, siret: '85678901100017', tva_number: null } },
    });
    const res = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { legal: { ...legal, siret: '85678901100017', tva_number: null } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['legal.siret']).toMatch(/déjà utilisé/);
  });

  it('lists what is missing as a checklist', async () => {
    const res = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-status-register/${pro.id}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.is_validate).toBe('En attente');
    expect(data.completeness.complete).toBe(false);
    // certificates, zones and preferences are still missing
    expect(data.completeness.missing).toEqual(expect.arrayContaining(['decennale', 'rcPro', 'zones', 'preferences', 'references']));
    expect(data.completeness.missing).not.toContain('legal');
  });

  it('answers 403 when a professional reads or writes another professional’s profile by changing {id}', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/professionnel/get-info/${other.id}`],
      ['PATCH', `/api/professionnel/store-details/${other.id}`, { general: { description: 'piraté' } }],
      ['GET', `/api/professionnel/get-status-register/${other.id}`],
      ['GET', `/api/professionnel/get-preferences/${other.id}`],
      ['PATCH', `/api/professionnel/set-preferences/${other.id}`, {}],
      ['GET', `/api/professionnel/zone-intervention/${other.id}`],
      ['POST', `/api/professionnel/store-intervention/${other.id}`, { kind: 'departement', departement_code: '69' }],
      ['GET', `/api/professionnel/references/${other.id}`],
      ['POST', `/api/professionnel/references/${other.id}`, { title: 'x' }],
      ['GET', `/api/professionnel/certificate/${other.id}?kind=decennale`],
    ] as const) {
      const res = await as(ctx, pro, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const client = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, client, { method: 'GET', url: `/api/professionnel/get-info/${client.id}` })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: `/api/professionnel/get-info/${pro.id}` })).statusCode).toBe(401);
  });

  it('lets the admin read and write any professional; 404 for a non-professional', async () => {
    expect((await as(ctx, admin, { method: 'GET', url: `/api/professionnel/get-info/${pro.id}` })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'GET', url: `/api/professionnel/get-info/${admin.id}` })).statusCode).toBe(404);
  });
});

describe('preferences', () => {
  it('stores categories, goods, budget in cents, client types and notification choices', async () => {
    const cats = await ctx.db.select().from(categories);
    const goods = await ctx.db.select().from(biens);
    const body = {
      category_ids: [cats[0].id, cats[2].id],
      bien_ids: [goods[1].id],
      budget_min_cents: 500_000,
      budget_max_cents: 5_000_000,
      client_types: ['particulier'],
      notify_tender_email: true,
      notify_tender_sms: true,
      notify_weekly_digest: false,
    };
    const res = await as(ctx, pro, { method: 'PATCH', url: `/api/professionnel/set-preferences/${pro.id}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const read = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-preferences/${pro.id}` });
    expect(read.json().data).toEqual({ ...body, category_ids: [...body.category_ids].sort((a, b) => a - b) });
  });

  it('refuses a reversed budget and unknown categories', async () => {
    const base = {
      category_ids: [],
      bien_ids: [],
      budget_min_cents: null,
      budget_max_cents: null,
      client_types: [],
      notify_tender_email: true,
      notify_tender_sms: false,
      notify_weekly_digest: false,
    };
    const reversed = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/set-preferences/${pro.id}`,
      payload: { ...base, budget_min_cents: 10, budget_max_cents: 5 },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.budget_max_cents).toMatch(/minimum/);
    const unknown = await as(ctx, pro, { method: 'PATCH', url: `/api/professionnel/set-preferences/${pro.id}`, payload: { ...base, category_ids: [999_999] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.category_ids).toMatch(/inconnue/);
    const float = await as(ctx, pro, { method: 'PATCH', url: `/api/professionnel/set-preferences/${pro.id}`, payload: { ...base, budget_min_cents: 10.5 } });
    expect(float.statusCode).toBe(400);
  });
});

describe('intervention zones', () => {
  let zoneId: number;

  it('adds a département and a commune with a radius from the offline dataset', async () => {
    const dep = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/store-intervention/${pro.id}`,
      payload: { kind: 'departement', departement_code: '69' },
    });
    expect(dep.statusCode, dep.body).toBe(201);
    expect(dep.json().data).toMatchObject({ kind: 'departement', departement_code: '69', departement_name: 'Rhône', commune_insee: null, label: 'Rhône (69)' });
    const commune = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/store-intervention/${pro.id}`,
      payload: { kind: 'commune', commune_insee: '38185', radius_km: 25 },
    });
    expect(commune.statusCode, commune.body).toBe(201);
    expect(commune.json().data).toMatchObject({
      kind: 'commune',
      commune_name: 'Grenoble',
      departement_code: '38',
      radius_km: 25,
      label: 'Grenoble (38) + 25 km',
    });
    zoneId = commune.json().data.id;
    const list = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/zone-intervention/${pro.id}` });
    expect(list.json().data).toHaveLength(2);
  });

  it('refuses bad zones: unknown département or commune, radius out of range, duplicates', async () => {
    const url = `/api/professionnel/store-intervention/${pro.id}`;
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ kind: 'departement', departement_code: '99' }, 400, 'departement_code', /n'existe pas/],
      [{ kind: 'departement', departement_code: 'ZZ' }, 400, 'departement_code', /invalide/],
      [{ kind: 'commune', commune_insee: '99999', radius_km: 10 }, 400, 'commune_insee', /Aucune commune/],
      [{ kind: 'commune', commune_insee: '38185', radius_km: 500 }, 400, 'radius_km', /200 km/],
      [{ kind: 'commune', commune_insee: '38185', radius_km: -1 }, 400, 'radius_km', /entre 0 et 200 km/],
      [{ kind: 'commune', commune_insee: '38185', radius_km: 2.5 }, 400, 'radius_km', /entier/],
    ];
    for (const [payload, status, field, message] of cases) {
      const res = await as(ctx, pro, { method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.fields[field], JSON.stringify(res.json())).toMatch(message);
    }
    const noKind = await as(ctx, pro, { method: 'POST', url, payload: { departement_code: '69' } });
    expect(noKind.statusCode).toBe(400);
    const dup = await as(ctx, pro, { method: 'POST', url, payload: { kind: 'departement', departement_code: '69' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('ZONE_DUPLICATE');
  });

  it('updates and deletes a zone by its own id; another professional gets 403', async () => {
    const forbidden = await as(ctx, other, {
      method: 'PATCH',
      url: `/api/professionnel/update-intervention/${zoneId}`,
      payload: { kind: 'commune', commune_insee: '38185', radius_km: 5 },
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await as(ctx, other, { method: 'DELETE', url: `/api/professionnel/delete-intervention/${zoneId}` })).statusCode).toBe(403);

    const updated = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/update-intervention/${zoneId}`,
      payload: { kind: 'commune', commune_insee: '38421', radius_km: 10 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.commune_insee).toBe('38421');
    const deleted = await as(ctx, pro, { method: 'DELETE', url: `/api/professionnel/delete-intervention/${zoneId}` });
    expect(deleted.statusCode).toBe(200);
    expect((await as(ctx, pro, { method: 'DELETE', url: `/api/professionnel/delete-intervention/${zoneId}` })).statusCode).toBe(403);
    expect((await as(ctx, admin, { method: 'DELETE', url: `/api/professionnel/delete-intervention/${zoneId}` })).statusCode).toBe(404);
  });
});

describe('uploads: logo, insurance certificates, reference photos', () => {
  it('resizes the logo to at most 512 px PNG and serves it', async () => {
    const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#1c5d99' } })
      .jpeg()
      .toBuffer();
    const res = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-logo/${pro.id}`,
      ...multipart({}, [{ name: 'logo', filename: 'logo.jpg', type: 'image/jpeg', bytes: big }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await as(ctx, other, { method: 'GET', url: `/api/professionnel/logo/${pro.id}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const meta = await sharp(logo.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 256 });
    const info = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-info/${pro.id}` });
    expect(info.json().data.general.has_logo).toBe(true);
  });

  it('refuses a wrong file type (by content), a too large file, a damaged image and a JSON body', async () => {
    const exe = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-logo/${pro.id}`,
      ...multipart({}, [{ name: 'logo', filename: 'logo.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not an image') }]),
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toMatch(/Formats acceptés/);
    const pdfLogo = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-logo/${pro.id}`,
      ...multipart({}, [{ name: 'logo', filename: 'logo.pdf', type: 'application/pdf', bytes: PDF }]),
    });
    expect(pdfLogo.statusCode).toBe(415);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooLarge = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-logo/${pro.id}`,
      ...multipart({}, [{ name: 'logo', filename: 'big.jpg', type: 'image/jpeg', bytes: huge }]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/5 Mo/);
    const damaged = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-logo/${pro.id}`,
      ...multipart({}, [
        {
          name: 'logo',
          filename: 'x.png',
          type: 'image/png',
          bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
        },
      ]),
    });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error.message).toMatch(/illisible/);
    const json = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/upload-logo/${pro.id}`, payload: {} });
    expect(json.statusCode).toBe(415);
    const none = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/upload-logo/${pro.id}`, ...multipart({ a: 'b' }, []) });
    expect(none.statusCode).toBe(400);
  });

  it('stores insurance certificates, counts them in the checklist and lets the admin download them', async () => {
    const before = (await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-status-register/${pro.id}` })).json().data;
    // The checklist says what the insurance lacks — here only its certificate (issue 36 §6).
    expect(before.completeness.items.find((i: { key: string }) => i.key === 'decennale')).toEqual({
      key: 'decennale',
      done: false,
      required: true,
      gaps: ['certificate'],
    });
    for (const kind of ['decennale', 'rc_pro']) {
      const res = await as(ctx, pro, {
        method: 'POST',
        url: `/api/professionnel/upload-certificate/${pro.id}?kind=${kind}`,
        ...multipart({}, [{ name: 'certificate', filename: `attestation ${kind}.pdf`, type: 'application/pdf', bytes: PDF }]),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bad = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-certificate/${pro.id}?kind=autre`,
      ...multipart({}, [{ name: 'certificate', filename: 'a.pdf', type: 'application/pdf', bytes: PDF }]),
    });
    expect(bad.statusCode).toBe(400);
    const html = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/upload-certificate/${pro.id}?kind=rc_pro`,
      ...multipart({}, [{ name: 'certificate', filename: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('<html><script>alert(1)</script>') }]),
    });
    expect(html.statusCode).toBe(415);

    const file = await as(ctx, admin, { method: 'GET', url: `/api/professionnel/certificate/${pro.id}?kind=decennale` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const info = (await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-info/${pro.id}` })).json().data;
    expect(info.insurances.decennale).toMatchObject({ has_certificate: true, valid: true, certificate_name: 'attestation decennale.pdf' });
    const status = (await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-status-register/${pro.id}` })).json().data;
    expect(status.completeness.missing).not.toContain('decennale');
  });

  it('manages references with photos (resized, metadata dropped), and their owner only', async () => {
    const created = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/references/${pro.id}`,
      payload: { title: 'Salle de bains, Lyon 6e', description: 'Rénovation complète', city: 'Lyon', year: 2025, amount_cents: 1_250_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ref = created.json().data;
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#aa5500' } })
      .png()
      .toBuffer();
    const up = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/reference-photo/${ref.id}`,
      ...multipart({}, [
        { name: 'photos', filename: 'avant.png', type: 'image/png', bytes: photo },
        { name: 'photos', filename: 'apres.png', type: 'image/png', bytes: photo },
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.photos).toHaveLength(2);
    const served = await as(ctx, admin, { method: 'GET', url: `/api/professionnel/reference-photo/${up.json().data.photos[0].id}` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1067 });

    expect(
      (
        await as(ctx, other, {
          method: 'POST',
          url: `/api/professionnel/reference-photo/${ref.id}`,
          ...multipart({}, [{ name: 'photos', filename: 'x.png', type: 'image/png', bytes: photo }]),
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(ctx, other, { method: 'PATCH', url: `/api/professionnel/update-reference/${ref.id}`, payload: { title: 'volé' } })).statusCode).toBe(403);

    const updated = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/update-reference/${ref.id}`,
      payload: { title: 'Salle de bains', remove_photo_ids: [up.json().data.photos[0].id] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Salle de bains', description: '', amount_cents: null });
    expect(updated.json().data.photos).toHaveLength(1);
    const future = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/references/${pro.id}`, payload: { title: 'x', year: 3000 } });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.year).toMatch(/comprise entre 1900 et/);

    const list = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/references/${pro.id}` });
    expect(list.json().data).toHaveLength(1);
    expect((await as(ctx, pro, { method: 'DELETE', url: `/api/professionnel/delete-reference/${ref.id}` })).statusCode).toBe(200);
    expect((await as(ctx, pro, { method: 'GET', url: `/api/professionnel/references/${pro.id}` })).json().data).toHaveLength(0);
  });

  it('keeps the profile of the professional private from another through the certificate route', async () => {
    const [row] = await ctx.db.select().from(categories).where(eq(categories.slug, 'renovation'));
    expect(row).toBeDefined();
    expect((await as(ctx, other, { method: 'GET', url: `/api/professionnel/certificate/${pro.id}?kind=rc_pro` })).statusCode).toBe(403);
  });
});

describe('missing stored files', () => {
  it('answers 404, not 500, when a certificate file has disappeared from the storage', async () => {
    const lost = await loginAs(ctx, { user_type: 'professionnel' });
    await ensureCompany(ctx.db, lost.id);
    await ctx.db
      .insert(companyInsurances)
      .values({ userId: lost.id, kind: 'rc_pro', certificatePath: '2020/01/00000000-0000-0000-0000-000000000000.pdf', certificateName: 'perdu.pdf' });
    const res = await as(ctx, lost, { method: 'GET', url: `/api/professionnel/certificate/${lost.id}?kind=rc_pro` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/introuvable/);
  });
});
