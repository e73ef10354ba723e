import { companies, companyReferences, interventionZones, type Database } from '@ouvrage/db';

let sequence = 0;

/** An (empty) company row for a user, so zones and references can hang on it. */
export async function ensureCompany(db: Database, userId: number) {
  await db
    .insert(companies)
    .values({ userId, raisonSociale: `Entreprise ${userId}` })
    .onConflictDoNothing();
}

export async function ownedZone(db: Database, user: { id: number }): Promise<number> {
  await ensureCompany(db, user.id);
  sequence += 1;
  const [row] = await db
    .insert(interventionZones)
    .values({
      userId: user.id,
      kind: 'commune',
      departementCode: '75',
      communeInsee: `T${String(sequence).padStart(4, '0')}`,
      communeName: 'Test',
      radiusKm: 10,
    })
    .returning({ id: interventionZones.id });
  return row.id;
}

export async function ownedReference(db: Database, user: { id: number }): Promise<number> {
  await ensureCompany(db, user.id);
  const [row] = await db.insert(companyReferences).values({ userId: user.id, title: 'Chantier test' }).returning({ id: companyReferences.id });
  return row.id;
}
