import { inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { biens, categories, offers, projectActivity, projects, users } from '../schema';

const DAY = 86_400_000;

/**
 * A year of history for the admin dashboard and its board (issue 12, decision 0824; development
 * only): three clients of their own with fifteen projects filed over the last eleven months, at
 * every state and stage, and tenders to two validated professionals of their own (no enterprise
 * profile, so they are never suggested for the other demo projects) sent and answered month after
 * month. The demo accounts' own lists are left as they were.
 */
const CLIENTS = [
  { email: 'marc.durand@ouvrage.test', firstname: 'Marc', lastname: 'Durand', typeClient: 'particulier', companyName: null },
  { email: 'sophie.lambert@ouvrage.test', firstname: 'Sophie', lastname: 'Lambert', typeClient: 'particulier', companyName: null },
  { email: 'sci.tilleuls@ouvrage.test', firstname: 'Nadia', lastname: 'Haddad', typeClient: 'entreprise', companyName: 'SCI Les Tilleuls' },
] as const;
const PROS = [
  { email: 'bati.rhone@ouvrage.test', firstname: 'Yanis', lastname: 'Roux' },
  { email: 'menuiserie.caron@ouvrage.test', firstname: 'Élodie', lastname: 'Caron' },
] as const;

const PLACES = [
  ['12 rue Paul Bert', '69003', 'Lyon 3e Arrondissement', '69383', '69'],
  ['5 allée des Tilleuls', '38000', 'Grenoble', '38185', '38'],
  ['27 avenue Jean Jaurès', '42000', 'Saint-Étienne', '42218', '42'],
  ['3 place du Marché', '01000', 'Bourg-en-Bresse', '01053', '01'],
  ['18 quai de Saône', '71100', 'Chalon-sur-Saône', '71076', '71'],
] as const;

/** [days ago, category slug, good slug, state, stage, place] */
const HISTORY: Array<[number, string, string, string, string, number]> = [
  [330, 'construction', 'maison', 'Terminé', 'Réception', 0],
  [300, 'renovation', 'appartement', 'En cours', 'Réception', 1],
  [270, 'extension', 'maison', 'En cours', 'Travaux', 2],
  [240, 'renovation', 'maison', 'Attribué', 'Consultation des entreprises', 3],
  [210, 'surelevation', 'maison', 'Attribué', 'Permis de construire', 4],
  [180, 'renovation', 'appartement', 'Annulé', 'Conception', 0],
  [150, 'renovation', 'appartement', 'En consultation', 'Consultation des entreprises', 1],
  [120, 'extension', 'maison', 'En consultation', 'Permis de construire', 2],
  [95, 'construction', 'maison', 'Validé', 'Conception', 3],
  [70, 'renovation', 'maison', 'Validé', 'Conception', 4],
  [50, 'renovation', 'appartement', 'Validé', 'Étude', 0],
  [35, 'surelevation', 'maison', 'En attente', 'Étude', 1],
  [21, 'extension', 'maison', 'En attente', 'Étude', 2],
  [14, 'renovation', 'appartement', 'En attente', 'Étude', 3],
  [3, 'construction', 'maison', 'En attente', 'Étude', 4],
];

export async function seedDemoAdminDashboard({ db }: DatabaseHandle): Promise<void> {
  const emails = [...CLIENTS, ...PROS].map((p) => p.email);
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  if (existing.length > 0) return;
  const cats = new Map((await db.select().from(categories)).map((c) => [c.slug, c.id]));
  const goods = new Map((await db.select().from(biens)).map((b) => [b.slug, b.id]));
  const [admin] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@ouvrage.test'`);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const clients = await tx
      .insert(users)
      .values(
        CLIENTS.map((c) => ({
          email: c.email,
          firstname: c.firstname,
          lastname: c.lastname,
          userType: 'client' as const,
          isValidate: 'Validé' as const,
          country: 'France',
          createdAt: new Date(now - 340 * DAY),
        })),
      )
      .returning();
    const pros = await tx
      .insert(users)
      .values(
        PROS.map((p) => ({
          email: p.email,
          firstname: p.firstname,
          lastname: p.lastname,
          userType: 'professionnel' as const,
          isValidate: 'Validé' as const,
          country: 'France',
          createdAt: new Date(now - 360 * DAY),
        })),
      )
      .returning();
    for (const [index, [daysAgo, category, bien, state, stage, place]] of HISTORY.entries()) {
      const categoryId = cats.get(category);
      const bienId = goods.get(bien);
      if (!categoryId || !bienId) continue;
      const who = CLIENTS[index % CLIENTS.length];
      const client = clients[index % clients.length];
      const [street, postcode, city, cityCode, departement] = PLACES[place];
      const createdAt = new Date(now - daysAgo * DAY);
      const [p] = await tx
        .insert(projects)
        .values({
          clientId: client.id,
          support: 'Projet clé en main',
          categoryId,
          bienId,
          street,
          postcode,
          city,
          cityCode,
          departement,
          showAddress: false,
          surface: 110,
          worksSurface: 45,
          budget: '60k-100k',
          budgetMinCents: 6_000_000,
          budgetMaxCents: 10_000_000,
          times: 'Dans 3 à 6 mois',
          delai: '6 à 12 mois',
          proprio: 'Propriétaire',
          description: 'Projet de démonstration du tableau de bord : travaux suivis étape par étape.',
          accompagnement: false,
          typeClient: who.typeClient,
          companyName: who.companyName,
          siret: who.typeClient === 'entreprise' ? '73282932000074' : null,
          civility: 'Mme',
          lastname: who.lastname,
          firstname: who.firstname,
          email: who.email,
          phone: '06 12 34 56 78',
          country: 'France',
          state: state as never,
          stage: stage as never,
          searchText: `${who.lastname} ${who.firstname} ${who.companyName ?? ''} ${city} ${postcode} ${departement}`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
            .replace(/[^a-z0-9@.]+/g, ' ')
            .trim(),
          createdAt,
          updatedAt: new Date(createdAt.getTime() + 4 * DAY),
        })
        .returning();
      await tx.insert(projectActivity).values({ projectId: p.id, actorId: client.id, action: 'created', toValue: 'En attente', message: '', createdAt });
      if (state === 'En attente') continue;
      await tx.insert(projectActivity).values({
        projectId: p.id,
        actorId: admin?.id ?? null,
        action: 'state',
        fromValue: 'En attente',
        toValue: 'Validé',
        createdAt: new Date(createdAt.getTime() + DAY),
      });
      // Projects put out to tender: one tender to each professional, sent a week after filing,
      // answered (one accepts, the other refuses) ten days later; the latest still open.
      if (['Validé', 'Annulé'].includes(state)) continue;
      const sentAt = new Date(createdAt.getTime() + 7 * DAY);
      const answered = daysAgo > 130;
      for (const [k, pro] of pros.entries()) {
        await tx.insert(offers).values({
          projectId: p.id,
          professionalId: pro.id,
          status: answered ? (k === 0 ? 'Acceptée' : 'Refusée') : 'Disponible',
          validation: '1',
          replyDeadline: answered ? new Date(sentAt.getTime() + 14 * DAY) : new Date(now + 7 * DAY),
          refusalReason: answered && k === 1 ? 'Planning complet sur la période.' : null,
          answeredAt: answered ? new Date(sentAt.getTime() + 10 * DAY) : null,
          createdBy: admin?.id ?? null,
          createdAt: sentAt,
          updatedAt: sentAt,
        });
      }
    }
  });
}
