import { and, eq } from 'drizzle-orm';
import { biens, categories, offers, projectFiles, projects, type Database, type ProjectRow } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';

/** A valid journey body (spec §3 names): Rénovation of a Maison in Paris 2e. */
export function journeyBody(overrides: Record<string, unknown> = {}, ids: { projet: number; bien: number } = { projet: 0, bien: 0 }) {
  return {
    support: 'Projet clé en main',
    projet: ids.projet,
    bien: ids.bien,
    street: '12 rue de la Paix',
    codePostale: '75002',
    ville: 'Paris 2e Arrondissement',
    cityCode: '75102',
    showAdresse: false,
    surface: 120,
    surfaceTravaux: 45.5,
    valueBien: 35_000_000,
    budget: '30k-60k',
    times: 'Dans les 3 mois',
    delai: '6 à 12 mois',
    proprio: 'Propriétaire',
    description: 'Rénovation complète de la cuisine et de la salle de bains, reprise des sols.',
    accompagnement: true,
    besoinAccompagnement: 'Suivi de chantier',
    typeClient: 'particulier',
    companyName: null,
    siret: null,
    civility: 'Mme',
    lastname: 'Durand',
    firstname: 'Claire',
    email: `claire.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemple.fr`,
    phone: '06 12 34 56 78',
    country: 'France',
    ...overrides,
  };
}

export async function catalogIds(db: Database, category = 'renovation', bien = 'maison') {
  const [c] = await db.select().from(categories).where(eq(categories.slug, category));
  const [b] = await db.select().from(biens).where(eq(biens.slug, bien));
  return { projet: c.id, bien: b.id };
}

let seq = 0;

/** Insert a project straight into the database (no mails), owned by `clientId`. */
export async function insertProject(db: Database, clientId: number, overrides: Partial<typeof projects.$inferInsert> = {}): Promise<ProjectRow> {
  seq += 1;
  const ids = await catalogIds(db);
  const [row] = await db
    .insert(projects)
    .values({
      clientId,
      support: 'Conception et plans',
      categoryId: ids.projet,
      bienId: ids.bien,
      street: `${seq} avenue Jean Jaurès`,
      postcode: '69007',
      city: 'Lyon 7e Arrondissement',
      cityCode: '69387',
      departement: '69',
      surface: 100,
      worksSurface: 30,
      budget: '10k-30k',
      budgetMinCents: 1_000_000,
      budgetMaxCents: 3_000_000,
      times: 'Dès que possible',
      delai: 'Moins de 6 mois',
      proprio: 'Propriétaire',
      description: 'Création d’une extension de 30 m² avec baie vitrée.',
      typeClient: 'particulier',
      civility: 'M.',
      lastname: `Martin${seq}`,
      firstname: 'Paul',
      email: `paul.${seq}@exemple.fr`,
      phone: '06 11 22 33 44',
      country: 'France',
      searchText: `martin${seq} paul lyon 69007 69`,
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A project the user "owns": a client's own project, or for a professional a project on which
 * their tender was accepted (the project belongs to another client).
 */
export async function ownedProject(db: Database, user: { id: number; user_type: string }): Promise<number> {
  if (user.user_type === 'client' || user.user_type === 'admin') return (await insertProject(db, user.id)).id;
  const client = await createUser(db, { user_type: 'client' });
  const project = await insertProject(db, client.id);
  await db.insert(offers).values({ projectId: project.id, professionalId: user.id, status: 'Acceptée', validation: '1' });
  return project.id;
}

export async function ownedProjectFile(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const projectId = await ownedProject(db, user);
  const [file] = await db
    .insert(projectFiles)
    .values({
      projectId,
      uploadedBy: user.id,
      originalName: 'plan.pdf',
      storageKey: `2026/11/${crypto.randomUUID()}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 10,
    })
    .returning();
  return file.id;
}

export async function acceptedTender(db: Database, projectId: number, professionalId: number) {
  await db.insert(offers).values({ projectId, professionalId, status: 'Acceptée', validation: '1' });
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.professionalId, professionalId)));
}
