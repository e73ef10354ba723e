import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { products, users } from '../schema';

type DemoProduct = Omit<typeof products.$inferInsert, 'ownerId'>;

const PLATFORM: DemoProduct[] = [
  {
    name: 'Béton prêt à l’emploi C25/30',
    reference: 'PF-BET-25',
    lot: 'Gros œuvre',
    unit: 'm³',
    unitPriceCents: 14_500,
    tvaRateBp: 2000,
    description: 'Livré toupie, hors pompage.',
  },
  { name: 'Main-d’œuvre compagnon', reference: 'PF-MO-H', lot: 'Divers', unit: 'h', unitPriceCents: 4_800, tvaRateBp: 2000, description: '' },
  {
    name: 'Peinture acrylique mate, deux couches',
    reference: 'PF-PEI-2C',
    lot: 'Peinture',
    unit: 'm²',
    unitPriceCents: 2_450,
    tvaRateBp: 1000,
    description: 'Murs et plafonds, préparation comprise.',
  },
  {
    name: 'Nettoyage et évacuation de chantier',
    reference: 'PF-NET',
    lot: 'Divers',
    unit: 'forfait',
    unitPriceCents: 35_000,
    tvaRateBp: 1000,
    description: '',
  },
];

const ARCHITECT: DemoProduct[] = [
  {
    name: 'Mitigeur thermostatique de douche',
    reference: 'AL-MIT-01',
    lot: 'Plomberie',
    unit: 'u',
    unitPriceCents: 23_990,
    tvaRateBp: 1000,
    description: 'Fourni et posé.',
  },
  {
    name: 'Tableau électrique pré-équipé 3 rangées',
    reference: 'AL-TAB-3R',
    lot: 'Électricité',
    unit: 'u',
    unitPriceCents: 123_456,
    tvaRateBp: 1000,
    description: '',
  },
  {
    name: 'Isolation des combles perdus (laine soufflée)',
    reference: 'AL-ISO-CP',
    lot: 'Plâtrerie',
    unit: 'm²',
    unitPriceCents: 2_800,
    tvaRateBp: 550,
    description: 'R = 7, rénovation énergétique.',
  },
];

/** Demo products (development only): platform products and a few of architecte@ouvrage.test. */
export async function seedDemoProducts({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length > 0) return;
  const [architect] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'architecte@ouvrage.test'`);
  await db.transaction(async (tx) => {
    await tx.insert(products).values(PLATFORM.map((p) => ({ ...p, ownerId: null })));
    if (architect) await tx.insert(products).values(ARCHITECT.map((p) => ({ ...p, ownerId: architect.id })));
  });
}
