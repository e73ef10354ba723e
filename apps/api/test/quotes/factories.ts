import { sql } from 'drizzle-orm';
import { companies, companyInsurances, offers, quoteLines, quoteLots, quotes, type Database } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { insertProject } from '../projects/factories';

let seq = 0;

/**
 * A sent quote `user` owns (owner kind `quote`): a client receives it, anyone else issues it.
 * Sent rather than a draft so that its client may read it too.
 */
export async function ownedQuote(db: Database, user: { id: number; user_type: string }): Promise<number> {
  seq += 1;
  const isClient = user.user_type === 'client';
  const clientId = isClient ? user.id : (await createUser(db, { user_type: 'client' })).id;
  const issuerId = isClient ? (await createUser(db, { user_type: 'architecte', is_validate: 'Validé' })).id : user.id;
  const project = await insertProject(db, clientId, { state: 'Attribué' });
  const [row] = await db
    .insert(quotes)
    .values({
      issuerId,
      clientId,
      projectId: project.id,
      status: 'Envoyé',
      number: `T-2026-${String(seq).padStart(4, '0')}`,
      title: 'Devis de test',
      validityDays: 30,
      validUntil: '2099-12-31',
      depositBp: 3000,
      sentAt: new Date(),
      totalHtCents: 10_000,
      totalTvaCents: 2_000,
      totalTtcCents: 12_000,
    })
    .returning({ id: quotes.id });
  await db.execute(sql`update quotes set root_id = id where id = ${row.id}`);
  const [lot] = await db.insert(quoteLots).values({ quoteId: row.id, position: 0, title: 'Gros œuvre' }).returning({ id: quoteLots.id });
  await db.insert(quoteLines).values({
    quoteId: row.id,
    lotId: lot.id,
    position: 0,
    designation: 'Dalle béton',
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceCents: 10_000,
    tvaRateBp: 2000,
    netHtCents: 10_000,
  });
  return row.id;
}

/** A project of `clientId` on which `architectId`'s tender was accepted: what the architect may quote. */
export async function acceptedProject(db: Database, architectId: number, clientId: number) {
  const project = await insertProject(db, clientId, { state: 'Attribué' });
  await db.insert(offers).values({ projectId: project.id, professionalId: architectId, status: 'Acceptée', validation: '1', answeredAt: new Date() });
  return project;
}

/** Every mandatory mention of the enterprise profile (decision 0510), insurance valid until `until`. */
export async function completeProfile(db: Database, userId: number, until = '2099-12-31') {
  const values = {
    raisonSociale: `Atelier ${userId} Architecture`,
    formeJuridique: 'SARL',
    capitalCents: 1_000_000,
    // Unique per company (the column is); the mentions only need them filled.
    siret: `${String(userId).padStart(9, '0')}00017`,
    siren: String(userId).padStart(9, '0'),
    rcsRm: 'RCS Lyon 732 829 320',
    tvaNumber: 'FR44732829320',
    headOfficeAddress: '3 place Bellecour',
    headOfficePostcode: '69002',
    headOfficeCity: 'Lyon',
    yearFounded: 2012,
  };
  await db
    .insert(companies)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: companies.userId, set: values });
  for (const kind of ['decennale', 'rc_pro'] as const) {
    await db
      .insert(companyInsurances)
      .values({
        userId,
        kind,
        insurer: 'MAF Assurances',
        insurerAddress: '189 boulevard Malesherbes, 75017 Paris',
        policyNumber: `${kind.toUpperCase()}-${userId}`,
        coverage: 'France métropolitaine',
        validFrom: '2024-01-01',
        validUntil: until,
      })
      .onConflictDoNothing();
  }
}
