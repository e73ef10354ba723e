import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import type { ProjectStage, ProjectState } from '@ouvrage/domain';
import { biens, categories, projectActivity, projectDetails, projects, users } from '../schema';

interface DemoProject {
  category: string;
  bien: string;
  state: ProjectState;
  stage: ProjectStage;
  daysAgo: number;
  street: string;
  postcode: string;
  city: string;
  cityCode: string;
  departement: string;
  surface: number;
  worksSurface: number;
  budget: [string, number, number | null];
  description: string;
  /** States it went through after « En attente », with the stage reached. */
  history: Array<['state' | 'stage', string, string]>;
}

const DEMO: DemoProject[] = [
  {
    category: 'renovation',
    bien: 'appartement',
    state: 'En attente',
    stage: 'Étude',
    daysAgo: 2,
    street: '18 rue Oberkampf',
    postcode: '75011',
    city: 'Paris 11e Arrondissement',
    cityCode: '75111',
    departement: '75',
    surface: 68,
    worksSurface: 68,
    budget: ['30k-60k', 3_000_000, 6_000_000],
    description: 'Rénovation complète d’un appartement de 3 pièces : électricité, cuisine ouverte, salle d’eau.',
    history: [],
  },
  {
    category: 'extension',
    bien: 'maison',
    state: 'Validé',
    stage: 'Conception',
    daysAgo: 60,
    street: '5 chemin des Vignes',
    postcode: '69130',
    city: 'Écully',
    cityCode: '69081',
    departement: '69',
    surface: 140,
    worksSurface: 35,
    budget: ['60k-100k', 6_000_000, 10_000_000],
    description: 'Extension de plain-pied de 35 m² côté jardin pour une suite parentale, avec baie vitrée.',
    history: [
      ['state', 'En attente', 'Validé'],
      ['stage', 'Étude', 'Conception'],
    ],
  },
  {
    category: 'surelevation',
    bien: 'maison',
    state: 'En consultation',
    stage: 'Consultation des entreprises',
    daysAgo: 75,
    street: '27 avenue Jean Jaurès',
    postcode: '33000',
    city: 'Bordeaux',
    cityCode: '33063',
    departement: '33',
    surface: 95,
    worksSurface: 60,
    budget: ['100k-200k', 10_000_000, 20_000_000],
    description: 'Surélévation d’une échoppe bordelaise pour créer deux chambres et une salle de bains à l’étage.',
    history: [
      ['state', 'En attente', 'Validé'],
      ['stage', 'Étude', 'Conception'],
      ['stage', 'Conception', 'Permis de construire'],
      ['state', 'Validé', 'En consultation'],
      ['stage', 'Permis de construire', 'Consultation des entreprises'],
    ],
  },
  {
    category: 'construction',
    bien: 'maison',
    state: 'Annulé',
    stage: 'Étude',
    daysAgo: 120,
    street: 'Lieu-dit Les Pins',
    postcode: '40200',
    city: 'Mimizan',
    cityCode: '40184',
    departement: '40',
    surface: 110,
    worksSurface: 110,
    budget: ['200k-500k', 20_000_000, 50_000_000],
    description: 'Construction d’une maison de plain-pied sur un terrain de 800 m², projet abandonné faute de financement.',
    history: [['state', 'En attente', 'Annulé']],
  },
];

/** A few projects for client@ouvrage.test in different states, with their history (development only). */
export async function seedDemoProjects({ db }: DatabaseHandle): Promise<void> {
  const [client] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'client@ouvrage.test'`);
  const [admin] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@ouvrage.test'`);
  if (!client) return;
  const existing = await db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, client.id));
  if (existing.length > 0) return;
  const cats = new Map((await db.select().from(categories)).map((c) => [c.slug, c.id]));
  const goods = new Map((await db.select().from(biens)).map((b) => [b.slug, b.id]));
  await db.transaction(async (tx) => {
    for (const d of DEMO) {
      const createdAt = new Date(Date.now() - d.daysAgo * 86_400_000);
      const categoryId = cats.get(d.category);
      const bienId = goods.get(d.bien);
      if (!categoryId || !bienId) continue;
      const [p] = await tx
        .insert(projects)
        .values({
          clientId: client.id,
          support: 'Projet clé en main',
          categoryId,
          bienId,
          street: d.street,
          postcode: d.postcode,
          city: d.city,
          cityCode: d.cityCode,
          departement: d.departement,
          showAddress: false,
          surface: d.surface,
          worksSurface: d.worksSurface,
          budget: d.budget[0],
          budgetMinCents: d.budget[1],
          budgetMaxCents: d.budget[2],
          times: 'Dans 3 à 6 mois',
          delai: '6 à 12 mois',
          proprio: 'Propriétaire',
          description: d.description,
          accompagnement: true,
          besoinAccompagnement: "Maîtrise d'œuvre complète",
          typeClient: 'particulier',
          civility: 'Mme',
          lastname: client.lastname,
          firstname: client.firstname,
          email: client.email,
          phone: '06 12 34 56 78',
          country: 'France',
          state: d.state,
          stage: d.stage,
          searchText: `${client.lastname} ${client.firstname} client ouvrage test ${d.city} ${d.postcode} ${d.departement}`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, ' '),
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      await tx.insert(projectActivity).values({ projectId: p.id, actorId: client.id, action: 'created', toValue: 'En attente', message: '', createdAt });
      let at = createdAt.getTime();
      for (const [action, from, to] of d.history) {
        at += 2 * 86_400_000;
        await tx.insert(projectActivity).values({ projectId: p.id, actorId: admin?.id ?? null, action, fromValue: from, toValue: to, createdAt: new Date(at) });
      }
      if (d.history.length > 2) {
        await tx.insert(projectDetails).values({
          projectId: p.id,
          authorId: client.id,
          question: 'Le terrain est-il en zone protégée ?',
          answer: 'Non, hors périmètre des monuments historiques.',
        });
      }
    }
  });
}
