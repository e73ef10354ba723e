import { sql } from 'drizzle-orm';
import { quoteLines, quoteLots, quotes, type Database } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { insertProject } from '../projects/factories';

let seq = 0;

export interface PricedLine {
  lot: string;
  designation: string;
  unit: 'u' | 'm²' | 'ml' | 'm³' | 'forfait' | 'h' | 'jour';
  quantityMilli: number;
  unitPriceCents: number;
}

/**
 * A quote as the platform stores it once sent (or a draft), on a new project of a new client in
 * `departement`: what the price references collect. Totals are not the subject here.
 */
export async function pricedQuote(
  db: Database,
  options: { issuerId: number; departement: string; lines: PricedLine[]; status?: string; sentAt?: Date; clientId?: number; projectId?: number },
): Promise<{ quoteId: number; projectId: number; clientId: number }> {
  seq += 1;
  const clientId = options.clientId ?? (await createUser(db, { user_type: 'client' })).id;
  const projectId =
    options.projectId ??
    (
      await insertProject(db, clientId, {
        state: 'Attribué',
        departement: options.departement,
        postcode: `${options.departement.padEnd(2, '0')}000`.slice(0, 5),
      })
    ).id;
  const status = options.status ?? 'Envoyé';
  const [row] = await db
    .insert(quotes)
    .values({
      issuerId: options.issuerId,
      clientId,
      projectId,
      status: status as 'Envoyé',
      number: status === 'Brouillon' ? null : `PR-2026-${String(seq).padStart(5, '0')}`,
      title: 'Rénovation',
      validityDays: 30,
      validUntil: '2099-12-31',
      depositBp: 3000,
      sentAt: status === 'Brouillon' ? null : (options.sentAt ?? new Date()),
    })
    .returning({ id: quotes.id });
  await db.execute(sql`update quotes set root_id = id where id = ${row!.id}`);
  const lots = [...new Set(options.lines.map((l) => l.lot))];
  const lotIds = new Map<string, number>();
  for (const [position, title] of lots.entries()) {
    const [lot] = await db.insert(quoteLots).values({ quoteId: row!.id, position, title }).returning({ id: quoteLots.id });
    lotIds.set(title, lot!.id);
  }
  if (options.lines.length) {
    await db.insert(quoteLines).values(
      options.lines.map((l, position) => ({
        quoteId: row!.id,
        lotId: lotIds.get(l.lot)!,
        position,
        designation: l.designation,
        quantityMilli: l.quantityMilli,
        unit: l.unit,
        unitPriceCents: l.unitPriceCents,
        tvaRateBp: 1000,
        netHtCents: Math.round((l.quantityMilli * l.unitPriceCents) / 1000),
      })),
    );
  }
  return { quoteId: row!.id, projectId, clientId };
}
