import { eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { professions, services } from '../schema';

type Trade = { slug: string; name: string; userType?: 'professionnel' | 'dessinateur' | 'architecte'; services: Array<[string, string]> };

/** French building trades and the services each offers (reference data). */
export const TRADES: Trade[] = [
  {
    slug: 'macon',
    name: 'Maçon',
    services: [
      ['gros-oeuvre', 'Gros œuvre'],
      ['fondations', 'Fondations'],
      ['ravalement-facade', 'Ravalement de façade'],
      ['dalle-beton', 'Dalle et chape béton'],
      ['ouverture-mur-porteur', 'Ouverture de mur porteur'],
    ],
  },
  {
    slug: 'plombier',
    name: 'Plombier',
    services: [
      ['plomberie-sanitaire', 'Plomberie et sanitaires'],
      ['salle-de-bains', 'Création de salle de bains'],
      ['recherche-fuite', 'Recherche de fuite'],
      ['assainissement', 'Assainissement'],
    ],
  },
  {
    slug: 'electricien',
    name: 'Électricien',
    services: [
      ['installation-electrique', 'Installation électrique'],
      ['mise-aux-normes-electrique', 'Mise aux normes NF C 15-100'],
      ['domotique', 'Domotique'],
      ['borne-recharge', 'Borne de recharge (IRVE)'],
    ],
  },
  {
    slug: 'menuisier',
    name: 'Menuisier',
    services: [
      ['menuiseries-exterieures', 'Fenêtres et portes extérieures'],
      ['menuiseries-interieures', 'Menuiseries intérieures'],
      ['escalier', 'Escalier'],
      ['dressing-placard', 'Dressing et placards'],
    ],
  },
  {
    slug: 'couvreur',
    name: 'Couvreur',
    services: [
      ['couverture', 'Couverture (tuiles, ardoises, zinc)'],
      ['zinguerie', 'Zinguerie et gouttières'],
      ['isolation-toiture', 'Isolation de toiture'],
      ['demoussage', 'Démoussage et traitement'],
    ],
  },
  {
    slug: 'plaquiste',
    name: 'Plaquiste',
    services: [
      ['cloisons', 'Cloisons et doublages'],
      ['faux-plafond', 'Faux plafonds'],
      ['isolation-interieure', 'Isolation intérieure'],
    ],
  },
  {
    slug: 'peintre',
    name: 'Peintre',
    services: [
      ['peinture-interieure', 'Peinture intérieure'],
      ['peinture-exterieure', 'Peinture extérieure'],
      ['revetements-muraux', 'Papier peint et revêtements muraux'],
    ],
  },
  {
    slug: 'carreleur',
    name: 'Carreleur',
    services: [
      ['carrelage-sol', 'Carrelage de sol'],
      ['faience', 'Faïence murale'],
      ['terrasse-carrelage', 'Terrasse carrelée'],
    ],
  },
  {
    slug: 'chauffagiste',
    name: 'Chauffagiste',
    services: [
      ['pompe-a-chaleur', 'Pompe à chaleur'],
      ['chaudiere', 'Chaudière gaz et fioul'],
      ['plancher-chauffant', 'Plancher chauffant'],
      ['climatisation', 'Climatisation'],
      ['vmc', 'Ventilation (VMC)'],
    ],
  },
  {
    slug: 'charpentier',
    name: 'Charpentier',
    services: [
      ['charpente-bois', 'Charpente bois'],
      ['ossature-bois', 'Maison à ossature bois'],
      ['extension-bois', 'Extension bois'],
      ['traitement-charpente', 'Traitement de charpente'],
    ],
  },
  {
    slug: 'terrassier',
    name: 'Terrassier',
    services: [
      ['terrassement', 'Terrassement'],
      ['vrd', 'Voirie et réseaux divers (VRD)'],
    ],
  },
  {
    slug: 'facadier',
    name: 'Façadier',
    services: [
      ['ite', 'Isolation thermique par l’extérieur (ITE)'],
      ['enduit-facade', 'Enduit de façade'],
    ],
  },
  {
    slug: 'entreprise-generale',
    name: 'Entreprise générale du bâtiment',
    services: [
      ['renovation-complete', 'Rénovation complète'],
      ['construction-cle-en-main', 'Construction clé en main'],
    ],
  },
  {
    slug: 'architecte',
    name: 'Architecte',
    userType: 'architecte',
    services: [
      ['permis-de-construire', 'Permis de construire'],
      ['maitrise-oeuvre', "Maîtrise d'œuvre complète"],
      ['esquisse-avant-projet', 'Esquisse et avant-projet'],
      ['suivi-chantier', 'Suivi de chantier'],
    ],
  },
  {
    slug: 'architecte-interieur',
    name: "Architecte d'intérieur",
    userType: 'architecte',
    services: [
      ['amenagement-interieur', 'Aménagement intérieur'],
      ['decoration', 'Décoration'],
    ],
  },
  {
    slug: 'dessinateur-projeteur',
    name: 'Dessinateur-projeteur',
    userType: 'dessinateur',
    services: [
      ['plans-2d', 'Plans 2D'],
      ['modelisation-3d', 'Modélisation 3D'],
      ['declaration-prealable', 'Dossier de déclaration préalable'],
      ['releve-existant', "Relevé de l'existant"],
    ],
  },
  {
    slug: 'bureau-etudes',
    name: "Bureau d'études",
    userType: 'dessinateur',
    services: [
      ['etude-structure', 'Étude de structure (béton, bois, acier)'],
      ['etude-thermique', 'Étude thermique RE2020'],
      ['etude-sol', 'Étude de sol (G1, G2)'],
    ],
  },
  {
    slug: 'diagnostiqueur',
    name: 'Diagnostiqueur immobilier',
    userType: 'dessinateur',
    services: [
      ['dpe', 'Diagnostic de performance énergétique (DPE)'],
      ['audit-energetique', 'Audit énergétique'],
    ],
  },
];

/** Inserted when missing (by slug); never overwrites edits. */
export async function seedProfessions({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ slug: professions.slug }).from(professions);
  const known = new Set(existing.map((p) => p.slug));
  const missing = TRADES.filter((t) => !known.has(t.slug));
  await db.transaction(async (tx) => {
    if (missing.length) {
      await tx
        .insert(professions)
        .values(missing.map((t) => ({ slug: t.slug, name: t.name, userType: t.userType ?? 'professionnel', position: TRADES.indexOf(t) + 1 })))
        .onConflictDoNothing();
    }
    const rows = await tx
      .select()
      .from(professions)
      .where(
        inArray(
          professions.slug,
          TRADES.map((t) => t.slug),
        ),
      );
    const idOf = new Map(rows.map((r) => [r.slug, r.id]));
    const values = TRADES.flatMap((t) => t.services.map(([slug, name], i) => ({ slug, name, professionId: idOf.get(t.slug) ?? null, position: i + 1 })));
    await tx.insert(services).values(values).onConflictDoNothing();
  });
}

export async function professionIdBySlug(db: DatabaseHandle['db'], slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: professions.id }).from(professions).where(eq(professions.slug, slug));
  return row?.id;
}
