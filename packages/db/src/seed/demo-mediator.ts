import type { DatabaseHandle } from '../client';
import { consumerMediator } from '../schema';

/**
 * The consumer mediator of the demo platform (decision 1044), so that the demo's consumer quotes
 * name one; a real installation's admin sets its own at /admin/devis-option. Idempotent.
 */
export async function seedDemoMediator({ db }: DatabaseHandle): Promise<void> {
  await db
    .insert(consumerMediator)
    .values({
      id: 1,
      name: 'CM2C — Centre de la médiation de la consommation de conciliateurs de justice',
      website: 'https://www.cm2c.net',
      address: '14 rue Saint-Jean, 75017 Paris',
    })
    .onConflictDoNothing();
}
