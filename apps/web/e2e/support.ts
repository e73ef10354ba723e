import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts' password. Demo accounts are only ever read: specs create whom they change. */
export const DEMO_PASSWORD = 'Ouvrage2026!';

/** A text field of the project journey by its exact label. */
export const journeyField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The journey's contact step filled by a private client, with an e-mail and a phone that are not right yet. */
export async function fillContactWithMistakes(page: Page): Promise<void> {
  await page.getByLabel('Particulier').check();
  await page.getByLabel('Madame').check();
  await journeyField(page, 'Nom').fill('Lambert');
  await journeyField(page, 'Prénom').fill('Sophie');
  await journeyField(page, 'Adresse e-mail').fill('sophie@');
  await journeyField(page, 'Téléphone').fill('12 34');
}
export const DEMO_ADMIN = 'admin@ouvrage.test';

/** Log in through the real login form and wait for the dashboard. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The shell is there: its top bar (on a phone, the side menu is only drawn once opened).
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Every link path of the side menu, submenus included (open or not). */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  const paths = await menu.locator('[data-menu-path]').evaluateAll((links) => links.map((a) => a.getAttribute('data-menu-path') ?? ''));
  return [...paths].sort();
}

export interface ApiSession {
  id: number;
  email: string;
  headers: { authorization: string };
}

/** Log in through the API (no browser): the caller's id and the authorization header. */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), `connexion de ${email}`).toBeTruthy();
  const data = (await res.json()).data;
  return { id: data.datauser.id as number, email, headers: { authorization: `Bearer ${data.token.token}` } };
}

/** An admin's access token, through the API, to read the outbox like the admin's mail viewer does. */
export async function adminToken(page: Pick<Page, 'request'>): Promise<string> {
  return (await apiLogin(page.request, DEMO_ADMIN)).headers.authorization.slice('Bearer '.length);
}

/** The newest mail sent to an address, read from the admin outbox API. */
export async function lastMailTo(page: Pick<Page, 'request'>, to: string): Promise<{ subject: string; text: string }> {
  const token = await adminToken(page);
  const res = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}&per_page=1`, { headers: { authorization: `Bearer ${token}` } });
  const items = (await res.json()).data.items;
  expect(items.length).toBeGreaterThan(0);
  return items[0];
}

let sequence = 0;
/** A tag unique to this run and this worker, for e-mails and names. */
export function uniqueTag(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
}

export type AccountType = 'client' | 'professionnel' | 'dessinateur' | 'architecte' | 'admin';

export interface CreatedAccount extends ApiSession {
  password: string;
  firstname: string;
  lastname: string;
}

/**
 * A fresh account of a spec's own, made through the real routes: the demo admin creates it
 * (`admin/account/create-new`), the set-password link is read from the outbox, and the password
 * is saved with it (`api/save-new-password`). Professionals stay « En attente » (see createProfessional).
 */
export async function createAccount(
  request: APIRequestContext,
  options: { user_type: AccountType; firstname?: string; lastname?: string; phone?: string; raison_sociale?: string; password?: string },
): Promise<CreatedAccount> {
  const admin = await apiLogin(request, DEMO_ADMIN);
  const tag = uniqueTag();
  const firstname = options.firstname ?? 'Camille';
  const lastname = options.lastname ?? `Essai${tag}`;
  const email = `${options.user_type}.${tag}@exemple.fr`;
  const password = options.password ?? 'Essai2026motdepasse';
  const created = await request.post('/admin/account/create-new', {
    headers: admin.headers,
    data: {
      user_type: options.user_type,
      civility: 'Mme',
      firstname,
      lastname,
      email,
      phone: options.phone ?? '06 11 22 33 44',
      raison_sociale: options.raison_sociale ?? null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const outbox = await request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}&per_page=5`, { headers: admin.headers });
  const mails: Array<{ text: string }> = (await outbox.json()).data.items;
  const link = mails.map((m) => m.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0]).find(Boolean);
  expect(link, `lien pour choisir le mot de passe de ${email}`).toBeTruthy();
  const token = new URL(link!).searchParams.get('token');
  const saved = await request.post('/api/save-new-password', { data: { token, password, password_confirmation: password } });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  return { ...(await apiLogin(request, email, password)), password, firstname, lastname };
}

/** A valid SIRET (Luhn key) that no other run uses. */
export function uniqueSiret(): string {
  const digits = `9${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`.split('').map(Number);
  const sum = (list: number[]) => list.reduce((total, d, i) => total + (i % 2 === list.length % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  for (let key = 0; key <= 9; key += 1) if (sum([...digits, key]) % 10 === 0) return [...digits, key].join('');
  throw new Error('clé SIRET introuvable');
}

/**
 * A validated professional of the spec's own: legal identity, trade (by its name in the
 * reference list) and intervention zones, then validated by the demo admin.
 */
export async function createProfessional(
  request: APIRequestContext,
  options: {
    user_type?: 'professionnel' | 'architecte' | 'dessinateur';
    raison_sociale: string;
    profession: string;
    departements: string[];
    firstname?: string;
    lastname?: string;
  },
): Promise<CreatedAccount> {
  const pro = await createAccount(request, {
    user_type: options.user_type ?? 'professionnel',
    raison_sociale: options.raison_sociale,
    firstname: options.firstname,
    lastname: options.lastname,
  });
  const professions: Array<{ id: number; name: string }> = (await (await request.get('/api/list-profession')).json()).data;
  const profession = professions.find((p) => p.name === options.profession);
  expect(profession, `métier « ${options.profession} »`).toBeDefined();
  const details = await request.patch(`/api/professionnel/store-details/${pro.id}`, {
    headers: pro.headers,
    data: { legal: { siret: uniqueSiret(), raison_sociale: options.raison_sociale }, trade: { profession_id: profession!.id, service_ids: [] } },
  });
  expect(details.ok(), await details.text()).toBeTruthy();
  for (const departement_code of options.departements) {
    const zone = await request.post(`/api/professionnel/store-intervention/${pro.id}`, {
      headers: pro.headers,
      data: { kind: 'departement', departement_code },
    });
    expect(zone.status(), await zone.text()).toBe(201);
  }
  const admin = await apiLogin(request, DEMO_ADMIN);
  const validated = await request.post(`/api/admin/validation-user/${pro.id}`, { headers: admin.headers, data: { is_validate: 'Validé', reason: null } });
  expect(validated.ok(), await validated.text()).toBeTruthy();
  return pro;
}

/** A fresh project of the spec's own client in Lyon 7e, validated by the admin (so it can go out to tender). */
export async function validatedProject(
  request: APIRequestContext,
  admin: ApiSession,
  client: CreatedAccount,
  business?: { companyName: string; siret: string },
) {
  const categories = (await (await request.get('/api/categoryprojects')).json()).data as Array<{ id: number; slug: string }>;
  const renovation = categories.find((c) => c.slug === 'renovation')!;
  const biens = (await (await request.get(`/api/biens/category-bien/${renovation.id}`)).json()).data as Array<{ id: number; slug: string }>;
  const maison = biens.find((b) => b.slug === 'maison')!;
  const res = await request.post('/api/projects', {
    headers: client.headers,
    data: {
      support: 'Réalisation des travaux',
      projet: renovation.id,
      bien: maison.id,
      street: '3 rue de Marseille',
      codePostale: '69007',
      ville: 'Lyon 7e Arrondissement',
      cityCode: '69387',
      showAdresse: false,
      surface: 90,
      surfaceTravaux: 9,
      valueBien: null,
      budget: '10k-30k',
      times: 'Dans les 3 mois',
      delai: 'Moins de 6 mois',
      proprio: 'Propriétaire',
      description: 'Refaire entièrement la salle de bains : douche à l’italienne, meuble double vasque et faïence.',
      accompagnement: false,
      besoinAccompagnement: null,
      typeClient: business ? 'entreprise' : 'particulier',
      companyName: business?.companyName ?? null,
      siret: business?.siret ?? null,
      civility: 'Mme',
      lastname: client.lastname,
      firstname: client.firstname,
      email: client.email,
      phone: '06 12 34 56 78',
      country: 'France',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const projectId = (await res.json()).data.project.id as number;
  const validated = await request.post('/api/admin/project/change-state', { headers: admin.headers, data: { project_id: projectId, state: 'Validé' } });
  expect(validated.ok()).toBeTruthy();
  return projectId;
}

/**
 * An architect ready to quote: a validated architect of the spec's own whose enterprise profile
 * carries every mandatory mention of a quote (legal identity, décennale and RC pro), a client with
 * a validated project in Lyon, and the architect's tender on it sent by the admin and accepted.
 */
export async function architectWithAcceptedProject(
  request: APIRequestContext,
  options: { raison_sociale: string; business?: { companyName: string; siret: string } },
) {
  const admin = await apiLogin(request, DEMO_ADMIN);
  const tag = uniqueTag();
  const client = await createAccount(request, { user_type: 'client', firstname: 'Julie', lastname: `Bernard${tag}` });
  const architect = await createProfessional(request, {
    user_type: 'architecte',
    raison_sociale: options.raison_sociale,
    profession: 'Architecte',
    departements: ['69'],
  });
  const info = await request.get(`/api/professionnel/get-info/${architect.id}`, { headers: architect.headers });
  const siret = (await info.json()).data.legal.siret as string;
  const siren = siret.slice(0, 9);
  const tvaKey = String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
  // The insurer's address is a mandatory mention of the quote (decision 1041).
  const insurance = (insurer: string, policy: string) => ({
    insurer,
    insurer_address: '189 boulevard Malesherbes, 75017 Paris',
    policy_number: policy,
    valid_from: '2026-01-01',
    valid_until: '2027-12-31',
    coverage: 'France métropolitaine',
  });
  const details = await request.patch(`/api/professionnel/store-details/${architect.id}`, {
    headers: architect.headers,
    data: {
      legal: {
        siret,
        raison_sociale: options.raison_sociale,
        forme_juridique: 'SARL',
        capital_cents: 1_000_000,
        rcs_rm: `RCS Lyon ${siren}`,
        tva_number: `FR${tvaKey}${siren}`,
        head_office_address: '12 quai Saint-Antoine',
        head_office_postcode: '69002',
        head_office_city: 'Lyon',
      },
      decennale: insurance('MAF Assurances', `DEC-${tag}`),
      rc_pro: insurance('MAF Assurances', `RCP-${tag}`),
    },
  });
  expect(details.ok(), await details.text()).toBeTruthy();
  const projectId = await validatedProject(request, admin, client, options.business);
  const sent = await request.post('/admin/account/create-offre', { headers: admin.headers, data: { project_id: projectId, professional_ids: [architect.id] } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const list = await request.get(`/api/professionnel/mes-offres/${architect.id}?scope=available`, { headers: architect.headers });
  const tenderId = (await list.json()).data.items.find((t: { project: { id: number } }) => t.project.id === projectId).id as number;
  const accepted = await request.post(`/api/professionnel/mes-offres/validate/${tenderId}`, { headers: architect.headers, data: {} });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return { admin, client, architect, projectId };
}

/**
 * A signature as a canvas exports it (8-bit RGBA PNG, a dark diagonal stroke), as a data URL: for
 * specs that need a signed quote without going through the signing screen (signature.spec does).
 */
export function signaturePngDataUrl(): string {
  const width = 300;
  const height = 100;
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (Math.abs(y - Math.round((x * height) / width)) >= 3) continue;
      raw.set([20, 30, 90, 255], y * (width * 4 + 1) + 1 + x * 4);
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])) >>> 0, 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The 6-digit code of the newest signing mail sent to `email` (read from the admin outbox). */
export async function lastSigningCode(page: Pick<Page, 'request'>, email: string): Promise<string> {
  const mail = await lastMailTo(page, email);
  const match = /Votre code de signature : (\d{6})/.exec(mail.subject);
  expect(match, mail.subject).not.toBeNull();
  return match![1];
}

/** The client signs an accepted quote through the API (code from the outbox, a drawn PNG). */
export async function signQuoteThroughApi(page: Pick<Page, 'request'>, client: ApiSession, quoteId: number): Promise<void> {
  const started = await page.request.post(`/api/sign-devis/${quoteId}`, { headers: client.headers });
  expect(started.ok(), await started.text()).toBeTruthy();
  const code = await lastSigningCode(page, client.email);
  const verified = await page.request.post(`/api/sign-devis/${quoteId}/code`, { headers: client.headers, data: { code } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  const sha = (await verified.json()).data.document_sha256 as string;
  const signed = await page.request.post(`/api/sign-devis/${quoteId}/signature`, {
    headers: client.headers,
    data: { image: signaturePngDataUrl(), mode: 'drawn', accepted: true, certified: true, document_sha256: sha },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  expect((await signed.json()).data.completed).toBe(true);
}

/** A priced line of a quote, as the editor sends it. */
export const quoteLine = (designation: string, priceCents: number, tvaBp: number) => ({
  product_id: null,
  designation,
  description: '',
  quantity_milli: 1000,
  unit: 'forfait',
  unit_price_cents: priceCents,
  tva_rate_bp: tvaBp,
  discount_bp: 0,
  optional: false,
});

export interface ContractQuote {
  title: string;
  lots: Array<{ title: string; lines: Array<ReturnType<typeof quoteLine>> }>;
  payment_terms: string;
  retention_bp: number;
  expected_totals: { total_ht_cents: number; total_tva_cents: number; total_ttc_cents: number };
}

/**
 * A quote validated into a contract through the API, as the users would: the architect creates and
 * sends it, the client accepts and signs it (code from the outbox, a drawn PNG), the architect
 * validates it. Returns the quote's id.
 */
export async function validatedQuoteThroughApi(
  page: Pick<Page, 'request'>,
  architect: ApiSession,
  client: ApiSession,
  projectId: number,
  quote: ContractQuote,
): Promise<number> {
  const { request } = page;
  const created = await request.post('/api/devis', {
    headers: architect.headers,
    data: { project_id: projectId, kind: 'travaux', validity_days: 30, deposit_bp: 3000, late_penalty_bp: 1000, ...quote },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;
  const steps = [
    [architect, `/api/send-devis-email/${id}`, undefined],
    [client, `/api/validate-devis-client/${id}`, { chosen_option_ids: [] }],
  ] as const;
  for (const [who, url, data] of steps) {
    const res = await request.post(url, { headers: who.headers, data });
    expect(res.ok(), `${url} : ${await res.text()}`).toBeTruthy();
  }
  await signQuoteThroughApi(page, client, id);
  const validated = await request.post(`/api/validate-devis-pro/${id}`, { headers: architect.headers });
  expect(validated.ok(), await validated.text()).toBeTruthy();
  return id;
}

/** The two-lot contract the invoices and payments specs start from: 1 000 € at 10 % and 2 000 € at 20 %, 3 500 € TTC. */
export const livingRoomQuote = (retentionBp: number): ContractQuote => ({
  title: 'Réhabilitation du séjour',
  lots: [
    { title: 'Maçonnerie', lines: [quoteLine('Ouverture d’un mur porteur', 100_000, 1000)] },
    { title: 'Menuiseries', lines: [quoteLine('Baie vitrée aluminium', 200_000, 2000)] },
  ],
  payment_terms: 'Acompte de 30 % à la commande, solde à la réception.',
  retention_bp: retentionBp,
  expected_totals: { total_ht_cents: 300_000, total_tva_cents: 50_000, total_ttc_cents: 350_000 },
});

/**
 * Scroll the document to sign down to its end, a screen at a time, as a reader does, until the
 * invitation to read on is gone; at the end, back to the top — a page that went by before pdf.js
 * drew it counts only once seen drawn (decision 1205), so a reader scrolls back to it.
 */
export async function readToTheEnd(page: Page) {
  const frame = page.getByTestId('signing-pages');
  await expect(frame.locator('[data-page] canvas').first()).toBeVisible({ timeout: 60_000 });
  const readMore = page.getByTestId('signing-read-more');
  await expect
    .poll(
      async () => {
        await frame.evaluate((el) => {
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) el.scrollTo(0, 0);
          else el.scrollBy(0, el.clientHeight * 0.8);
        });
        return readMore.count();
      },
      { timeout: 90_000, intervals: [150] },
    )
    .toBe(0);
}

/**
 * The signing screen's steps, from the code to the signed document, as a client goes through them
 * for a quote, a PV, an avenant or a DGD (decision 0720): the code from the outbox, the document
 * read to its end, the acceptance ticked, a drawn signature. `beforeSubmit` runs once everything
 * is filled in (a screenshot); `done` is the signed screen's words (French by default).
 */
export async function signThroughScreen(page: Page, email: string, options: { beforeSubmit?: () => Promise<void>; done?: string } = {}) {
  await page.getByTestId('signing-send-code').click();
  const code = await lastSigningCode(page, email);
  await page.getByTestId('signing-code-input').locator('input').first().click();
  await page.keyboard.type(code);
  await expect(page.getByTestId('signing-read')).toBeVisible();
  await readToTheEnd(page);
  await page.getByTestId('signing-accept').check();
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) await page.mouse.move(box.x + 30 + i * 10, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 3)), { steps: 2 });
  await page.mouse.up();
  if (options.beforeSubmit) await options.beforeSubmit();
  await page.getByTestId('signing-submit').click();
  await expect(page.getByTestId('signing-done')).toContainText(options.done ?? 'Document signé', { timeout: 60_000 });
}
