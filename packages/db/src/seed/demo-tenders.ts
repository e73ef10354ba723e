import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { biens, categories, offers, projectActivity, projects, users } from '../schema';

const DAY = 86_400_000;

/**
 * Demo tenders (development only): a Villeurbanne renovation put out to tender, available to
 * pro@ouvrage.test (so the bell shows a count) and dessinateur@ouvrage.test, and a tender
 * pro@ouvrage.test refused on the Bordeaux project (history). Runs after the demo projects.
 */
export async function seedDemoTenders({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ id: offers.id }).from(offers).limit(1);
  if (existing.length > 0) return;
  const byEmail = async (email: string) =>
    (
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
    )[0];
  const [client, admin, pro, drafter] = await Promise.all([
    byEmail('client@ouvrage.test'),
    byEmail('admin@ouvrage.test'),
    byEmail('pro@ouvrage.test'),
    byEmail('dessinateur@ouvrage.test'),
  ]);
  if (!client || !admin || !pro) return;
  const [renovation] = await db.select().from(categories).where(eq(categories.slug, 'renovation'));
  const [appartement] = await db.select().from(biens).where(eq(biens.slug, 'appartement'));
  if (!renovation || !appartement) return;
  const now = Date.now();
  await db.transaction(async (tx) => {
    const createdAt = new Date(now - 10 * DAY);
    const [p] = await tx
      .insert(projects)
      .values({
        clientId: client.id,
        support: 'Réalisation des travaux',
        categoryId: renovation.id,
        bienId: appartement.id,
        street: '41 cours Émile Zola',
        postcode: '69100',
        city: 'Villeurbanne',
        cityCode: '69266',
        departement: '69',
        latitude: 45.7705,
        longitude: 4.8803,
        showAddress: false,
        surface: 72,
        worksSurface: 12,
        budget: '10k-30k',
        budgetMinCents: 1_000_000,
        budgetMaxCents: 3_000_000,
        times: 'Dans les 3 mois',
        delai: 'Moins de 6 mois',
        proprio: 'Propriétaire',
        description: 'Création d’une salle d’eau avec douche à l’italienne à la place de la baignoire, reprise des évacuations et de la faïence.',
        accompagnement: false,
        typeClient: 'particulier',
        civility: 'Mme',
        lastname: client.lastname,
        firstname: client.firstname,
        email: client.email,
        phone: '06 12 34 56 78',
        country: 'France',
        state: 'En consultation',
        stage: 'Consultation des entreprises',
        searchText: `${client.lastname} ${client.firstname} client ouvrage test villeurbanne 69100 69`
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
        createdAt,
        updatedAt: new Date(now - 2 * DAY),
      })
      .returning();
    await tx.insert(projectActivity).values([
      { projectId: p.id, actorId: client.id, action: 'created', toValue: 'En attente', createdAt },
      { projectId: p.id, actorId: admin.id, action: 'state', fromValue: 'En attente', toValue: 'Validé', createdAt: new Date(now - 8 * DAY) },
      { projectId: p.id, actorId: admin.id, action: 'stage', fromValue: 'Étude', toValue: 'Consultation des entreprises', createdAt: new Date(now - 8 * DAY) },
      { projectId: p.id, actorId: admin.id, action: 'state', fromValue: 'Validé', toValue: 'En consultation', createdAt: new Date(now - 2 * DAY) },
    ]);
    const sent = { projectId: p.id, validation: '1' as const, createdBy: admin.id, createdAt: new Date(now - 2 * DAY), replyDeadline: new Date(now + 5 * DAY) };
    await tx.insert(offers).values({
      ...sent,
      professionalId: pro.id,
      status: 'Disponible',
      adminMessage: 'Petit chantier de salle d’eau, la cliente souhaite démarrer avant l’été.',
      matchScore: 95,
    });
    if (drafter) await tx.insert(offers).values({ ...sent, professionalId: drafter.id, status: 'Disponible', matchScore: 30 });

    const [bordeaux] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(sql`${projects.clientId} = ${client.id} and ${projects.cityCode} = '33063'`);
    if (bordeaux) {
      await tx.insert(offers).values({
        projectId: bordeaux.id,
        professionalId: pro.id,
        validation: '1',
        status: 'Refusée',
        refusalReason: 'Hors de ma zone d’intervention habituelle (Rhône).',
        createdBy: admin.id,
        createdAt: new Date(now - 20 * DAY),
        replyDeadline: new Date(now - 13 * DAY),
        answeredAt: new Date(now - 18 * DAY),
        matchScore: 20,
      });
    }
  });
}
