import { eq } from 'drizzle-orm';
import { companies, interventionZones, offers, projectFiles, type Database } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { insertProject } from '../projects/factories';

/** A tender sent to `user` (any role: the permission matrix checks the role before the owner). */
export async function ownedTender(db: Database, user: { id: number }): Promise<number> {
  const client = await createUser(db, { user_type: 'client' });
  const project = await insertProject(db, client.id, { state: 'En consultation' });
  const [row] = await db
    .insert(offers)
    .values({ projectId: project.id, professionalId: user.id, status: 'Disponible', validation: '1', replyDeadline: new Date(Date.now() + 3 * 86_400_000) })
    .returning({ id: offers.id });
  return row.id;
}

/** A file of a project on which `user` received a tender still « Disponible » (owner kind `tender-file`). */
export async function ownedTenderFile(db: Database, user: { id: number }): Promise<number> {
  const tenderId = await ownedTender(db, user);
  const [tender] = await db.select({ projectId: offers.projectId }).from(offers).where(eq(offers.id, tenderId));
  const [file] = await db
    .insert(projectFiles)
    .values({
      projectId: tender.projectId!,
      originalName: 'plan.pdf',
      storageKey: `2026/11/${crypto.randomUUID()}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 10,
    })
    .returning({ id: projectFiles.id });
  return file.id;
}

/** A company with a profession (by slug), zones and preferences, for matching tests. */
export async function giveCompany(
  db: Database,
  userId: number,
  options: {
    professionId?: number | null;
    name?: string;
    zones?: Array<{ departement: string } | { commune: string; name: string; departement: string; radiusKm: number }>;
    budget?: [number | null, number | null];
    clientTypes?: string[];
  } = {},
) {
  await db
    .insert(companies)
    .values({
      userId,
      raisonSociale: options.name ?? `Entreprise ${userId}`,
      professionId: options.professionId ?? null,
      budgetMinCents: options.budget?.[0] ?? null,
      budgetMaxCents: options.budget?.[1] ?? null,
      clientTypes: options.clientTypes ?? [],
    })
    .onConflictDoNothing();
  for (const z of options.zones ?? []) {
    if ('commune' in z) {
      await db
        .insert(interventionZones)
        .values({ userId, kind: 'commune', departementCode: z.departement, communeInsee: z.commune, communeName: z.name, radiusKm: z.radiusKm });
    } else {
      await db.insert(interventionZones).values({ userId, kind: 'departement', departementCode: z.departement });
    }
  }
}
