import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@ouvrage/db';
import { createTestDatabase } from '@ouvrage/db/testing';

/**
 * Deleting a person never deletes business records (decision 0441). Every foreign key that points
 * at `users` is read from the catalogue: business tables must say ON DELETE RESTRICT, so that a new
 * table (quotes, invoices, payments, signatures) cannot choose CASCADE or SET NULL without being
 * added to one of these lists, with its reason, in review.
 */

/** Personal data that goes with the person: sessions, single-use links, the professional's own profile. */
const CASCADING_PERSONAL_TABLES: Record<string, string> = {
  refresh_tokens: 'sessions',
  password_tokens: 'single-use password links',
  email_change_requests: 'pending e-mail changes',
  companies: "the professional's own profile (legal data, preferences), copied onto quotes when issued",
  company_services: 'profile: services offered',
  company_categories: 'profile: preferred project categories',
  company_biens: 'profile: preferred goods',
  company_references: 'profile: past works shown to clients',
  reference_photos: 'profile: photos of past works',
  company_insurances: 'profile: insurance certificates',
  intervention_zones: 'profile: where the professional works',
  notifications: "the person's own notification centre (what the records say stays on the records)",
  notification_preferences: "the person's e-mail choices",
  price_reference_opt_outs: "the architect's choice not to contribute to the price references (decision 1240)",
};

/** Columns that only record who did something on a record that stays: emptied if that person is deleted. */
const SET_NULL_AUTHOR_COLUMNS: Record<string, string> = {
  'project_details.author_id': 'who added a complementary detail',
  'project_files.uploaded_by': 'who uploaded a file',
  'project_activity.actor_id': 'who changed the project',
  'offers.created_by': 'the admin who sent the tender',
  'price_contributions.excluded_by': 'the admin who excluded an outlier price (its reason stays)',
};

type ForeignKey = { child: string; parent: string; columns: string; action: string };
const ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function foreignKeys(): Promise<ForeignKey[]> {
  const rows = await handle.query<{ child: string; parent: string; columns: string; action: string }>(`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.confdeltype::text AS action,
           (SELECT string_agg(a.attname::text, ',' ORDER BY a.attnum) FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)) AS columns
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`);
  return rows.map((r) => ({ ...r, action: ACTIONS[r.action] ?? r.action }));
}

describe('foreign keys to people', () => {
  it('restricts every business record that points at a user; only allow-listed personal data cascades', async () => {
    const keys = await foreignKeys();
    const toUsers = keys.filter((k) => k.parent === 'users');
    expect(toUsers.map((k) => `${k.child}.${k.columns}`)).toEqual(expect.arrayContaining(['projects.client_id', 'offers.professional_id']));
    const failures: string[] = [];
    for (const k of toUsers) {
      const column = `${k.child}.${k.columns}`;
      if (k.action === 'RESTRICT') continue;
      if (k.action === 'CASCADE' && k.child in CASCADING_PERSONAL_TABLES) continue;
      if (k.action === 'SET NULL' && column in SET_NULL_AUTHOR_COLUMNS) continue;
      failures.push(`${column} → users ON DELETE ${k.action} : choisir RESTRICT (ou l'ajouter à une liste autorisée avec sa raison)`);
    }
    expect(failures).toEqual([]);
  });

  it('reaches only allow-listed personal tables through chains of ON DELETE CASCADE from users', async () => {
    const keys = await foreignKeys();
    const reached = new Set<string>();
    let frontier = ['users'];
    while (frontier.length > 0) {
      const next = keys.filter((k) => k.action === 'CASCADE' && frontier.includes(k.parent) && !reached.has(k.child)).map((k) => k.child);
      for (const t of next) reached.add(t);
      frontier = [...new Set(next)];
    }
    expect([...reached].filter((t) => !(t in CASCADING_PERSONAL_TABLES)).sort()).toEqual([]);
  });

  it('keeps projects and tenders when their person is deleted straight in the database', async () => {
    const [client] = await handle.query<{ id: number }>(`INSERT INTO users (email, user_type) VALUES ('fk-client@exemple.fr', 'client') RETURNING id`);
    const [category] = await handle.query<{ id: number }>(`SELECT id FROM categories ORDER BY id LIMIT 1`);
    const [bien] = await handle.query<{ id: number }>(`SELECT bien_id AS id FROM category_biens WHERE category_id = $1 LIMIT 1`, [category.id]);
    await handle.query(
      `INSERT INTO projects (client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, surface, works_surface, budget, budget_min_cents,
        times, delai, proprio, description, type_client, civility, lastname, firstname, email, phone, country)
       VALUES ($1, 'Conception et plans', $2, $3, '1 rue', '69007', 'Lyon', '69387', '69', 100, 50, '30k-60k', 3000000, 'Dans les 3 mois', '6 à 12 mois',
        'Propriétaire', 'Une description suffisante.', 'particulier', 'Mme', 'Durand', 'Claire', 'fk-client@exemple.fr', '0612345678', 'France')`,
      [client.id, category.id, bien.id],
    );
    await expect(handle.query('DELETE FROM users WHERE id = $1', [client.id])).rejects.toThrow();
    expect(await handle.query('SELECT id FROM projects WHERE client_id = $1', [client.id])).toHaveLength(1);
  });
});
