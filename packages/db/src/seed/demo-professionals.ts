import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import {
  biens,
  categories,
  companies,
  companyBiens,
  companyCategories,
  companyInsurances,
  companyReferences,
  companyServices,
  interventionZones,
  professions,
  services,
  users,
} from '../schema';

interface DemoCompany {
  email: string;
  profession: string;
  services: string[];
  company: Partial<typeof companies.$inferInsert>;
  zones: Array<Omit<typeof interventionZones.$inferInsert, 'userId'>>;
  categories: string[];
  biens: string[];
  complete: boolean;
}

const inOneYear = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};
const startOfYear = () => `${new Date().getUTCFullYear()}-01-01`;

/** The SIRETs below also exist in the API's offline company registry (adapters/company-registry). */
const DEMO_COMPANIES: DemoCompany[] = [
  {
    email: 'pro@ouvrage.test',
    profession: 'plombier',
    services: ['plomberie-sanitaire', 'salle-de-bains', 'recherche-fuite'],
    company: {
      siret: '81234567600017',
      siren: '812345676',
      raisonSociale: 'BENALI PLOMBERIE',
      formeJuridique: 'SARL',
      natureJuridiqueCode: '5499',
      capitalCents: 1_000_000,
      rcsRm: 'RCS Lyon 812 345 676',
      tvaNumber: 'FR19812345676',
      nafCode: '43.22A',
      headOfficeAddress: '12 rue Paul Bert',
      headOfficePostcode: '69003',
      headOfficeCity: 'Lyon',
      headOfficeCitycode: '69383',
      tradeName: 'Benali Plomberie',
      description: 'Plomberie, sanitaires et salles de bains clé en main à Lyon et dans le Rhône depuis 2015.',
      website: 'https://benali-plomberie.example.fr',
      contactEmail: 'contact@benali-plomberie.example.fr',
      contactPhone: '0478123456',
      yearFounded: 2015,
      headcount: 4,
      budgetMinCents: 300_000,
      budgetMaxCents: 5_000_000,
      clientTypes: ['particulier', 'entreprise'],
      registryState: 'A',
      registryName: 'BENALI PLOMBERIE',
    },
    zones: [
      { kind: 'departement', departementCode: '69' },
      { kind: 'commune', departementCode: '38', communeInsee: '38185', communeName: 'Grenoble', latitude: 45.1842, longitude: 5.7155, radiusKm: 20 },
    ],
    categories: ['renovation', 'extension'],
    biens: ['appartement', 'maison'],
    complete: true,
  },
  {
    email: 'architecte@ouvrage.test',
    profession: 'architecte',
    services: ['permis-de-construire', 'maitrise-oeuvre', 'suivi-chantier'],
    company: {
      siret: '82345678500018',
      siren: '823456785',
      raisonSociale: 'ATELIER LEFEVRE ARCHITECTURE',
      formeJuridique: "SARL d'architecture",
      natureJuridiqueCode: '5499',
      capitalCents: 500_000,
      rcsRm: 'RCS Paris 823 456 785',
      tvaNumber: 'FR72823456785',
      nafCode: '71.11Z',
      headOfficeAddress: '8 rue de Charonne',
      headOfficePostcode: '75011',
      headOfficeCity: 'Paris',
      headOfficeCitycode: '75111',
      tradeName: 'Atelier Lefèvre',
      description: "Architecte DPLG inscrit à l'Ordre : maisons individuelles, surélévations et réhabilitations en Île-de-France.",
      contactEmail: 'agence@atelier-lefevre.example.fr',
      contactPhone: '0143567890',
      yearFounded: 2009,
      headcount: 6,
      budgetMinCents: 5_000_000,
      budgetMaxCents: 100_000_000,
      clientTypes: ['particulier', 'entreprise'],
      registryState: 'A',
      registryName: 'ATELIER LEFEVRE ARCHITECTURE',
    },
    zones: [
      { kind: 'departement', departementCode: '75' },
      { kind: 'departement', departementCode: '92' },
      { kind: 'departement', departementCode: '93' },
      { kind: 'departement', departementCode: '94' },
    ],
    categories: ['construction', 'extension', 'renovation', 'surelevation'],
    biens: ['maison', 'immeuble', 'commerce'],
    complete: true,
  },
  {
    email: 'dessinateur@ouvrage.test',
    profession: 'dessinateur-projeteur',
    services: ['plans-2d', 'modelisation-3d', 'declaration-prealable'],
    company: {
      siret: '83456789300013',
      siren: '834567893',
      raisonSociale: 'MOREAU LEA',
      formeJuridique: 'Entrepreneur individuel',
      natureJuridiqueCode: '1000',
      tvaNumber: 'FR25834567893',
      nafCode: '71.12B',
      rcsRm: null,
      headOfficeAddress: '3 cours de l’Intendance',
      headOfficePostcode: '33000',
      headOfficeCity: 'Bordeaux',
      headOfficeCitycode: '33063',
      tradeName: 'Moreau Plans',
      description: 'Plans, modélisation 3D et dossiers de déclaration préalable pour particuliers.',
      contactEmail: 'lea@moreau-plans.example.fr',
      contactPhone: '0556789012',
      yearFounded: 2019,
      headcount: 1,
      budgetMinCents: 100_000,
      budgetMaxCents: 2_000_000,
      clientTypes: ['particulier'],
      registryState: 'A',
      registryName: 'MOREAU LEA',
    },
    zones: [{ kind: 'commune', departementCode: '33', communeInsee: '33063', communeName: 'Bordeaux', latitude: 44.8624, longitude: -0.5848, radiusKm: 40 }],
    categories: ['extension', 'renovation'],
    biens: ['maison', 'appartement'],
    complete: true,
  },
  {
    email: 'pro.attente@ouvrage.test',
    profession: 'macon',
    services: ['gros-oeuvre'],
    company: {
      siret: '84567890300012',
      siren: '845678903',
      raisonSociale: 'PETIT RENOVATION',
      formeJuridique: 'SAS',
      natureJuridiqueCode: '5710',
      nafCode: '43.99C',
      headOfficeAddress: '5 place du Commerce',
      headOfficePostcode: '44000',
      headOfficeCity: 'Nantes',
      headOfficeCitycode: '44109',
      registryState: 'A',
      registryName: 'PETIT RENOVATION',
    },
    zones: [],
    categories: [],
    biens: [],
    complete: false,
  },
];

/** Complete the enterprise profiles of the demo professionals (development only, first run). */
export async function seedDemoProfessionals({ db }: DatabaseHandle): Promise<void> {
  const profs = await db.select().from(professions);
  const servs = await db.select().from(services);
  const cats = await db.select().from(categories);
  const goods = await db.select().from(biens);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_COMPANIES) {
      const [user] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${demo.email}`);
      if (!user) continue;
      const [already] = await tx.select({ id: companies.userId }).from(companies).where(eq(companies.userId, user.id));
      if (already) continue;
      const professionId = profs.find((p) => p.slug === demo.profession)?.id ?? null;
      await tx.insert(companies).values({ ...demo.company, userId: user.id, professionId, registryCheckedAt: new Date() });
      const serviceIds = servs.filter((s) => demo.services.includes(s.slug)).map((s) => s.id);
      if (serviceIds.length) await tx.insert(companyServices).values(serviceIds.map((serviceId) => ({ userId: user.id, serviceId })));
      if (demo.zones.length) await tx.insert(interventionZones).values(demo.zones.map((z) => ({ ...z, userId: user.id })));
      const catIds = cats.filter((c) => demo.categories.includes(c.slug)).map((c) => c.id);
      if (catIds.length) await tx.insert(companyCategories).values(catIds.map((categoryId) => ({ userId: user.id, categoryId })));
      const bienIds = goods.filter((b) => demo.biens.includes(b.slug)).map((b) => b.id);
      if (bienIds.length) await tx.insert(companyBiens).values(bienIds.map((bienId) => ({ userId: user.id, bienId })));
      if (demo.complete) {
        const validity = { validFrom: startOfYear(), validUntil: inOneYear() };
        await tx.insert(companyInsurances).values([
          {
            userId: user.id,
            kind: 'rc_pro',
            insurer: 'MAAF Pro',
            insurerAddress: 'Chaban de Chauray, 79036 Niort Cedex 9',
            policyNumber: `RC-${demo.company.siren}`,
            coverage: 'France métropolitaine',
            ...validity,
          },
          ...(demo.profession === 'dessinateur-projeteur'
            ? []
            : [
                {
                  userId: user.id,
                  kind: 'decennale',
                  insurer: 'SMABTP',
                  insurerAddress: '8 rue Louis Armand, 75015 Paris',
                  policyNumber: `DEC-${demo.company.siren}`,
                  coverage: 'France métropolitaine',
                  ...validity,
                },
              ]),
        ]);
        await tx.insert(companyReferences).values({
          userId: user.id,
          title: demo.profession === 'plombier' ? 'Salle de bains complète, Lyon 6e' : 'Extension de maison individuelle',
          description: 'Réalisation livrée dans les délais, client satisfait.',
          city: demo.company.headOfficeCity ?? null,
          year: new Date().getUTCFullYear() - 1,
          amountCents: 1_850_000,
        });
      }
    }
  });
}
