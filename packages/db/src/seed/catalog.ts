import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { biens, categories, categoryBiens } from '../schema';

const CATEGORIES = [
  {
    slug: 'construction',
    name: 'Construction',
    description: 'Construire un bâtiment neuf : maison, immeuble, local commercial.',
    icon: 'construction',
    position: 1,
    translations: {
      en: { name: 'New build', description: 'Build a new building: house, block of flats, commercial premises.' },
      ar: { name: 'بناء', description: 'تشييد مبنى جديد: منزل أو عمارة أو محل تجاري.' },
    },
  },
  {
    slug: 'extension',
    name: 'Extension',
    description: 'Agrandir un bâtiment existant de plain-pied : pièce en plus, véranda, garage.',
    icon: 'extension',
    position: 2,
    translations: {
      en: { name: 'Extension', description: 'Enlarge an existing building on the ground: an extra room, a conservatory, a garage.' },
      ar: { name: 'توسعة', description: 'توسيع مبنى قائم على مستوى الأرض: غرفة إضافية أو شرفة زجاجية أو مرآب.' },
    },
  },
  {
    slug: 'renovation',
    name: 'Rénovation',
    description: 'Rénover, réaménager ou remettre aux normes un bien existant.',
    icon: 'renovation',
    position: 3,
    translations: {
      en: { name: 'Renovation', description: 'Renovate, refit or bring an existing property up to standard.' },
      ar: { name: 'تجديد', description: 'تجديد عقار قائم أو إعادة تهيئته أو مطابقته للمعايير.' },
    },
  },
  {
    slug: 'surelevation',
    name: 'Surélévation',
    description: 'Ajouter un ou plusieurs niveaux à un bâtiment existant.',
    icon: 'surelevation',
    position: 4,
    translations: {
      en: { name: 'Adding a storey', description: 'Add one or more storeys to an existing building.' },
      ar: { name: 'تعلية', description: 'إضافة طابق أو أكثر إلى مبنى قائم.' },
    },
  },
];

const BIENS = [
  { slug: 'appartement', name: 'Appartement', icon: 'appartement', position: 1, translations: { en: { name: 'Flat' }, ar: { name: 'شقة' } } },
  { slug: 'maison', name: 'Maison', icon: 'maison', position: 2, translations: { en: { name: 'House' }, ar: { name: 'منزل' } } },
  { slug: 'commerce', name: 'Commerce', icon: 'commerce', position: 3, translations: { en: { name: 'Shop' }, ar: { name: 'محل تجاري' } } },
  { slug: 'immeuble', name: 'Immeuble', icon: 'immeuble', position: 4, translations: { en: { name: 'Block of flats' }, ar: { name: 'عمارة' } } },
];

/** Which goods each category applies to: an apartment is renovated, not raised on its own. */
const LINKS: Record<string, string[]> = {
  construction: ['maison', 'commerce', 'immeuble'],
  extension: ['maison', 'commerce', 'immeuble'],
  renovation: ['appartement', 'maison', 'commerce', 'immeuble'],
  surelevation: ['maison', 'commerce', 'immeuble'],
};

/** Reference catalogue: inserted when missing, never overwriting the admin's edits. */
export async function seedCatalog({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  if (existing[0].n > 0) return;
  await db.transaction(async (tx) => {
    const cats = await tx.insert(categories).values(CATEGORIES).onConflictDoNothing().returning();
    const goods = await tx.insert(biens).values(BIENS).onConflictDoNothing().returning();
    const bySlug = new Map(goods.map((b) => [b.slug, b.id]));
    const rows = cats.flatMap((c) => (LINKS[c.slug] ?? []).map((slug) => ({ categoryId: c.id, bienId: bySlug.get(slug)! })));
    if (rows.length) await tx.insert(categoryBiens).values(rows).onConflictDoNothing();
  });
}
