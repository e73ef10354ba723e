import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, quotes, users } from '@ouvrage/db';
import { as, loginAs, statementRecorder, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { ownedQuote } from './factories';

/**
 * What a list of quotes prints (decision 0976): the snapshots' names of a sent quote, the account
 * and company names of a quote without them (a draft), and the project's label — read narrowly,
 * without the accounts and companies when every quote of the page names its people itself. And a
 * project list item, read from the summary's columns only.
 */
const recorded = statementRecorder();
const { statements } = recorded;
const ctx = useTestApp({}, { dbLogger: recorded.logger });
let architect: TestUser;
let admin: TestUser;
let withSnapshots: number;
let withoutSnapshots: number;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Irène', lastname: 'Joly' });
  await ctx.db.insert(companies).values({ userId: architect.id, raisonSociale: 'Joly Architecture SARL', tradeName: 'Atelier Joly' });
  withoutSnapshots = await ownedQuote(ctx.db, { id: architect.id, user_type: 'architecte' });
  withSnapshots = await ownedQuote(ctx.db, { id: architect.id, user_type: 'architecte' });
  await ctx.db
    .update(quotes)
    .set({ clientSnapshot: { name: 'Nom figé du client', email: null, phone: null }, issuerSnapshot: { name: 'Nom figé de l’émetteur' } })
    .where(eq(quotes.id, withSnapshots));
});

const readsAccounts = () => statements.filter((s) => /from "users" where "users"\."id" = ANY|from "companies"/.test(s));

describe('a quote list’s items', () => {
  it('name people from the snapshots, else from the accounts and the company, and label the project', async () => {
    const res = await as(ctx, architect, { method: 'GET', url: `/api/liste-devis/${architect.id}` });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Array<{ id: number; client_id: number; client_name: string; issuer_name: string; project_name: unknown }>;
    const [client] = await ctx.db
      .select({ firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .innerJoin(quotes, eq(quotes.clientId, users.id))
      .where(eq(quotes.id, withoutSnapshots));
    expect(items.find((q) => q.id === withSnapshots)).toMatchObject({
      client_name: 'Nom figé du client',
      issuer_name: 'Nom figé de l’émetteur',
      // By its parts: the web composes it in the reader's language (decision 1206).
      project_name: { category_name: 'Rénovation', bien_name: 'Maison', city: 'Lyon 7e Arrondissement' },
    });
    expect(items.find((q) => q.id === withoutSnapshots)).toMatchObject({
      client_name: `${client.firstname} ${client.lastname}`,
      issuer_name: 'Atelier Joly',
      project_name: { category_name: 'Rénovation', bien_name: 'Maison', city: 'Lyon 7e Arrondissement' },
    });
  });

  it('reads no account or company when every quote of the page names its people', async () => {
    recorded.clear();
    await as(ctx, architect, { method: 'GET', url: `/api/liste-devis/${architect.id}?per_page=1` });
    expect(readsAccounts()).toEqual([]);
    recorded.clear();
    await as(ctx, architect, { method: 'GET', url: `/api/liste-devis/${architect.id}` });
    expect(readsAccounts()).toHaveLength(2);
  });
});

describe('a project list’s items', () => {
  it('carry the summary: client, place, catalogue names, state and date', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const project = await insertProject(ctx.db, client.id, {
      typeClient: 'entreprise',
      companyName: 'SCI Les Tilleuls',
      firstname: 'Anne',
      lastname: 'Roux',
      state: 'Validé',
    });
    const res = await as(ctx, admin, { method: 'GET', url: `/api/admin/project/list-project?q=${project.id}` });
    expect(res.json().data.items.find((p: { id: number }) => p.id === project.id)).toEqual({
      id: project.id,
      client_id: client.id,
      client_name: 'SCI Les Tilleuls (Anne Roux)',
      email: project.email,
      support: project.support,
      category_name: 'Rénovation',
      bien_name: 'Maison',
      ville: 'Lyon 7e Arrondissement',
      codePostale: '69007',
      departement: '69',
      budget: '10k-30k',
      state: 'Validé',
      stage: project.stage,
      created_at: project.createdAt.toISOString(),
    });
  });
});
