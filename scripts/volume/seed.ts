/**
 * Volume data for benchmarks (issue 13, decision 0960): realistic French data in PostgreSQL,
 * set-based (one INSERT … SELECT FROM generate_series per table), so that a million projects load
 * in minutes. Used by `npm run seed:volume` and by the benches (dashboard, admin-dashboard, reads).
 *
 * Proportions for N projects: ~0,7 N clients (some with several projects), N/100 professionals
 * (min 100) with one to three intervention départements, N/200 architects (min 50), N/2000
 * draughtsmen (min 20), 3 admins; projects over the last 1 000 days, weighted towards the big
 * cities, states and stages consistent with each other; three tenders per project past review;
 * a quote for every project in consultation or later (versions, drafts, refusals…); invoices from
 * validated quotes (deposit, and balance once finished), payments by card or transfer, credit
 * notes, réceptions with reservations, contracts out for signature; notifications for the recent
 * tenders, quotes and invoices; a conversation per accepted tender and as many messages as
 * projects (`messages` to choose, decision 1230 « Measured »). Ids are set explicitly (contiguous
 * ranges) so every table joins by arithmetic, not by lookups.
 */
import pg from 'pg';
import { createDatabase, migrate, seedReference, type DatabaseHandle, type DatabaseSession } from '@ouvrage/db';
import { PROJECT_STAGES, PROJECT_STATES } from '@ouvrage/domain';
import { DEPARTEMENT_PRICE_FACTOR, PRICE_CATALOGUE } from './price-catalogue';

export const DEFAULT_VOLUME_URL = 'postgres://postgres@127.0.0.1:5432/ouvrage_volume';

/** Cities weighted by size (repeated entries): postcode, commune, INSEE code, département, latitude, longitude. */
const PLACES: Array<[string, string, string, string, number, number, number]> = [
  ['75011', 'Paris 11e Arrondissement', '75111', '75', 48.859, 2.38, 6],
  ['75015', 'Paris 15e Arrondissement', '75115', '75', 48.84, 2.293, 6],
  ['75018', 'Paris 18e Arrondissement', '75118', '75', 48.892, 2.348, 5],
  ['92100', 'Boulogne-Billancourt', '92012', '92', 48.835, 2.241, 3],
  ['93100', 'Montreuil', '93048', '93', 48.863, 2.448, 3],
  ['94000', 'Créteil', '94028', '94', 48.79, 2.455, 2],
  ['78000', 'Versailles', '78646', '78', 48.805, 2.12, 2],
  ['69003', 'Lyon 3e Arrondissement', '69383', '69', 45.76, 4.85, 5],
  ['69100', 'Villeurbanne', '69266', '69', 45.771, 4.89, 3],
  ['13008', 'Marseille 8e Arrondissement', '13208', '13', 43.241, 5.375, 5],
  ['13100', 'Aix-en-Provence', '13001', '13', 43.529, 5.447, 2],
  ['06000', 'Nice', '06088', '06', 43.71, 7.262, 3],
  ['31000', 'Toulouse', '31555', '31', 43.604, 1.444, 4],
  ['33000', 'Bordeaux', '33063', '33', 44.837, -0.579, 4],
  ['44000', 'Nantes', '44109', '44', 47.218, -1.554, 3],
  ['35000', 'Rennes', '35238', '35', 48.117, -1.678, 3],
  ['59000', 'Lille', '59350', '59', 50.629, 3.057, 3],
  ['67000', 'Strasbourg', '67482', '67', 48.573, 7.752, 3],
  ['34000', 'Montpellier', '34172', '34', 43.611, 3.877, 3],
  ['38000', 'Grenoble', '38185', '38', 45.188, 5.724, 2],
  ['21000', 'Dijon', '21231', '21', 47.322, 5.041, 1],
  ['49000', 'Angers', '49007', '49', 47.478, -0.563, 1],
  ['37000', 'Tours', '37261', '37', 47.394, 0.684, 1],
  ['76000', 'Rouen', '76540', '76', 49.443, 1.099, 1],
  ['51100', 'Reims', '51454', '51', 49.258, 4.032, 1],
  ['29200', 'Brest', '29019', '29', 48.39, -4.486, 1],
  ['63000', 'Clermont-Ferrand', '63113', '63', 45.777, 3.087, 1],
  ['87000', 'Limoges', '87085', '87', 45.834, 1.261, 1],
  ['64000', 'Pau', '64445', '64', 43.295, -0.37, 1],
  ['74000', 'Annecy', '74010', '74', 45.899, 6.129, 1],
  ['20000', 'Ajaccio', '2A004', '2A', 41.919, 8.738, 1],
  ['97400', 'Saint-Denis', '97411', '974', -20.882, 55.45, 1],
];
// Names as a French population has them (decision 0985): the 40 commonest surnames carry 3 % of
// people, most often the first (« Martin » ≈ 0.5 %, INSEE: 0.4 %); the other 97 % have one of
// ≈ 48 000 surnames built from syllables (« Beauvilier », « Montarot »), ≈ 15 clients each at a
// million projects. With 40 surnames for everyone, each was shared by 17 500 clients and every
// search by name intersected long lists no real platform has.
const LASTNAMES = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefèvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefebvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Garcia',
];
const SURNAME_ROOTS = [
  'Beau',
  'Mont',
  'Ros',
  'Vill',
  'Cham',
  'Lan',
  'Fer',
  'Ger',
  'Bou',
  'Char',
  'Mar',
  'Ber',
  'Del',
  'Fon',
  'Gal',
  'Lac',
  'Mor',
  'Pel',
  'Riv',
  'Sau',
  'Tess',
  'Val',
  'Bar',
  'Cor',
  'Dur',
  'Gra',
  'Lem',
  'Mas',
  'Pic',
  'Rey',
  'Bel',
  'Bro',
  'Cas',
  'Dam',
  'Fal',
  'Gir',
  'Jou',
  'Lav',
  'Mal',
  'Nor',
  'Pas',
  'Quin',
  'Rab',
  'Sal',
  'Tal',
  'Vid',
  'Bla',
  'Cla',
  'Fra',
  'Gro',
  'Plan',
  'Tro',
  'Ver',
  'Dan',
  'Hau',
  'Lau',
  'Mic',
  'Pon',
  'Rou',
  'Sem',
];
const SURNAME_MIDDLES = ['', 'ar', 'el', 'in', 'on', 'er', 'or', 'eau', 'ag', 'il', 'an', 'es', 'ir', 'ol', 'ul', 'et', 'ab', 'ig', 'um', 'ev'];
const SURNAME_ENDINGS = [
  'and',
  'ier',
  'ot',
  'ard',
  'eau',
  'in',
  'et',
  'ac',
  'ou',
  'enne',
  'at',
  'el',
  'on',
  'aud',
  'ois',
  'y',
  'ès',
  'oux',
  'ault',
  'ange',
  'elle',
  'ade',
  'ille',
  'eux',
  'ié',
  'ain',
  'aux',
  'aire',
  'eron',
  'ichon',
  'ouin',
  'as',
  'ette',
  'ert',
  'ieux',
  'uel',
  'oz',
  'ec',
  'ic',
  'aint',
];
// 88 first names, ≈ 1.1 % each: about the share of the commonest French ones.
const FIRSTNAMES = [
  'Camille',
  'Léa',
  'Manon',
  'Chloé',
  'Inès',
  'Lucas',
  'Hugo',
  'Louis',
  'Jules',
  'Gabriel',
  'Paul',
  'Emma',
  'Jade',
  'Louise',
  'Arthur',
  'Nathalie',
  'Sophie',
  'Isabelle',
  'Philippe',
  'Nicolas',
  'Stéphane',
  'Céline',
  'Julien',
  'Élodie',
  'Mathieu',
  'Aurélie',
  'Sébastien',
  'Hélène',
  'Thierry',
  'Zoé',
  'Adam',
  'Alice',
  'Anne',
  'Antoine',
  'Baptiste',
  'Bernadette',
  'Brigitte',
  'Catherine',
  'Charlotte',
  'Christian',
  'Christine',
  'Claire',
  'Clément',
  'Corinne',
  'Damien',
  'Daniel',
  'Delphine',
  'Denis',
  'Dominique',
  'Éric',
  'Étienne',
  'Fabien',
  'Florence',
  'Franck',
  'Frédéric',
  'Gérard',
  'Guillaume',
  'Jacques',
  'Jean',
  'Jérôme',
  'Joël',
  'Karine',
  'Laurence',
  'Lina',
  'Loïc',
  'Luc',
  'Marc',
  'Margaux',
  'Marie',
  'Martine',
  'Maxime',
  'Michèle',
  'Nadia',
  'Olivier',
  'Pascal',
  'Patrick',
  'Pierre',
  'Rachid',
  'Raphaël',
  'Romain',
  'Sandrine',
  'Sarah',
  'Sylvie',
  'Valérie',
  'Vincent',
  'Virginie',
  'Yasmine',
  'Yves',
];
const STREETS = [
  'rue de la République',
  'avenue Jean Jaurès',
  'rue Victor Hugo',
  'boulevard Gambetta',
  'rue Pasteur',
  'place de la Mairie',
  'rue des Écoles',
  'chemin des Vignes',
  'allée des Tilleuls',
  'rue du Moulin',
  'impasse des Lilas',
  'route de Paris',
];
const DESCRIPTIONS = [
  'Rénovation complète d’un appartement ancien : électricité, plomberie, sols et peintures.',
  'Extension de 25 m² en ossature bois côté jardin, avec baie vitrée.',
  'Surélévation d’une maison de plain-pied pour créer deux chambres et une salle d’eau.',
  'Construction d’une maison individuelle de 110 m² sur un terrain viabilisé.',
  'Réaménagement d’un local commercial en cabinet médical, mise aux normes PMR.',
  'Isolation des combles et remplacement des menuiseries pour un bâtiment BBC rénovation.',
  'Création d’une cuisine ouverte et dépose d’une cloison porteuse avec IPN.',
  'Ravalement de façade et réfection de la toiture d’un petit immeuble.',
];
/** What a client and a professional write each other during a project (the volume's messages). */
const MESSAGE_BODIES = [
  'Bonjour, pouvez-vous passer jeudi matin pour le métré ?',
  'Entendu, je serai sur place à 8 h 30.',
  'Le plombier intervient lundi, merci de laisser l’accès au compteur.',
  'Voici les références du carrelage choisi pour la salle d’eau.',
  'La livraison des menuiseries est décalée d’une semaine.',
  'Pouvez-vous me confirmer la teinte de l’enduit de façade ?',
  'Le chantier sera fermé du 24 au 2, reprise le 3 au matin.',
  'J’ai bien reçu l’acompte, merci.',
  'Il faudra déplacer la prise de la cuisine de 40 cm vers la fenêtre.',
  'Les travaux de démolition sont terminés, on attaque la maçonnerie demain.',
  'Merci pour la visite, tout me convient.',
  'Pouvez-vous m’envoyer une photo de l’avancement ?',
  'Le bureau de contrôle passe mercredi à 14 h.',
  'D’accord pour remplacer les spots par des appliques murales.',
  'La réserve sur la porte du garage sera levée vendredi.',
  'Bonne nouvelle : la mairie a validé la déclaration préalable.',
];
const COMPANY_FORMS = ['SARL', 'SAS', 'EURL', 'SASU', 'EI'];
/** Project state weights (per 100): most projects are finished or under way, a few wait for review. */
const STATE_WEIGHTS: Record<(typeof PROJECT_STATES)[number], number> = {
  'En attente': 6,
  Validé: 6,
  'En consultation': 14,
  Attribué: 10,
  'En cours': 20,
  Terminé: 34,
  Annulé: 10,
};

/** What the volume seed fills besides the projects: messages and quote lines in all (as many as projects by default). */
export interface VolumeOptions {
  messages?: number;
  quoteLines?: number;
}

export interface VolumeSizes {
  projects: number;
  clients: number;
  professionals: number;
  draughtsmen: number;
  architects: number;
  admins: number;
}

export function volumeSizes(projects: number): VolumeSizes {
  return {
    projects,
    clients: Math.max(50, Math.round(projects * 0.7)),
    // Professionals and architects grow with the platform, each with about the same work at every
    // size (≈ 280 tenders, ≈ 165 quotes): a bigger platform has more of them, not busier ones
    // (decision 0986).
    professionals: Math.max(100, Math.round(projects / 100)),
    draughtsmen: Math.max(20, Math.round(projects / 2000)),
    architects: Math.max(50, Math.round(projects / 200)),
    admins: 3,
  };
}

/**
 * The architect of project `p` (SQL; `$1` the first architect's id, `$2` their count): a Fibonacci
 * hash, the high bits of `id × an odd constant mod 2³²`, so that each architect's projects come in
 * every state (decision 0986). Their quotes and contracts name the same architect.
 */
const ARCHITECT_OF_PROJECT = '$1::int + ((p.id::bigint * 2654435761) % 4294967296 * $2::int / 4294967296)::int';

/** The id ranges of each kind of user: `[first, first + count)`. */
export interface VolumeUsers {
  admins: { first: number; count: number };
  architects: { first: number; count: number };
  professionals: { first: number; count: number };
  draughtsmen: { first: number; count: number };
  clients: { first: number; count: number };
}

const weighted = <T>(entries: Array<[T, number]>) => entries.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));

/** Drop and create the database named in `url` (on the same server, through its `postgres` database). */
export async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Nom de base refusé : ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * Fill the (migrated, reference-seeded) database with `projects` projects and everything around
 * them, then VACUUM ANALYZE. Returns the user id ranges, for benches that pick a user by role.
 */
export async function seedVolume(
  handle: DatabaseHandle,
  projects: number,
  log: (line: string) => void = () => undefined,
  options: VolumeOptions = {},
): Promise<VolumeUsers> {
  const users = await handle.withSession(async (session) => {
    await session.execScript("SET synchronous_commit = off; SET work_mem = '64MB'; SET maintenance_work_mem = '256MB'");
    const seeded = await seedOn(session, projects, log, options.quoteLines ?? projects);
    await seedConversations(session, options.messages ?? projects, log);
    return seeded;
  });
  const t = performance.now();
  await handle.execScript('VACUUM ANALYZE');
  log(`VACUUM ANALYZE en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return users;
}

async function seedOn(db: DatabaseSession, total: number, log: (line: string) => void, lineCount: number): Promise<VolumeUsers> {
  const sizes = volumeSizes(total);
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    await db.query(sql, params);
    log(`${label} en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const [{ max }] = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM users');
  let next = (max ?? 0) + 1;
  const range = (count: number) => {
    const r = { first: next, count };
    next += count;
    return r;
  };
  const u: VolumeUsers = {
    admins: range(sizes.admins),
    architects: range(sizes.architects),
    professionals: range(sizes.professionals),
    draughtsmen: range(sizes.draughtsmen),
    clients: range(sizes.clients),
  };
  const places = weighted(PLACES.map((p) => [p, p[6]] as [typeof p, number]));
  const col = (i: number) => places.map((p) => p[i]);
  const placeParams = [col(0), col(1), col(2), col(3), col(4), col(5)];
  const categories = (await db.query<{ id: number }>('SELECT id FROM categories ORDER BY id')).map((r) => r.id);
  const biens = (await db.query<{ id: number }>('SELECT id FROM biens ORDER BY id')).map((r) => r.id);
  const professions = await db.query<{ id: number; user_type: string }>('SELECT id, user_type FROM professions ORDER BY id');
  const professionsOf = (type: string) => professions.filter((p) => p.user_type === type).map((p) => p.id);

  // Users: one statement per role, ids in the ranges above. The password is unusable (benches
  // sign access tokens directly); e-mails are unique and lowercase.
  const insertUsers = (type: string, r: { first: number; count: number }, validation: string) =>
    step(
      `${r.count.toLocaleString('fr-FR')} ${type}s`,
      `INSERT INTO users (id, email, firstname, lastname, civility, phone, country, user_type, is_validate, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT g, lower(translate(n.first || '.' || n.last, 'éèêëàâîïôöûüçÉ', 'eeeeaaiioouuce')) || '.' || g || '@exemple.fr',
         n.first, n.last, CASE WHEN g % 2 = 0 THEN 'Mme' ELSE 'M.' END,
         '06 ' || lpad((g % 100)::text, 2, '0') || ' ' || lpad(((g / 100) % 100)::text, 2, '0') || ' ' || lpad(((g / 10000) % 100)::text, 2, '0') || ' 00', 'France',
         $4, ${validation}, now() - ((g * 37) % 1100) * interval '1 day', now() - ((g * 37) % 1100) * interval '1 day'
       FROM generate_series($1::int, $1::int + $5::int - 1) g,
         -- h: a hash of g spread over 2^32, so that names follow no pattern of ids.
         LATERAL (SELECT (g::bigint * 2654435761) % 4294967296 AS h) hash,
         LATERAL (SELECT ($2::text[])[1 + (h / 7) % cardinality($2::text[])] AS first,
           CASE WHEN h % 100 < 3
             -- log-uniform rank among the 40: the first name is the commonest, as Zipf's law has it.
             THEN ($3::text[])[least(40, floor(power(41, ((h / 100) % 65536) / 65536.0))::int)]
             ELSE ($6::text[])[1 + (h / 100) % 60] || ($7::text[])[1 + (h / 6000) % 20] || ($8::text[])[1 + (h / 120000) % 40]
           END AS last) n`,
      [r.first, FIRSTNAMES, LASTNAMES, type, r.count, SURNAME_ROOTS, SURNAME_MIDDLES, SURNAME_ENDINGS],
    );
  await insertUsers('admin', u.admins, `'Validé'`);
  await insertUsers('architecte', u.architects, `CASE WHEN g % 17 = 0 THEN 'En attente' ELSE 'Validé' END`);
  await insertUsers('professionnel', u.professionals, `CASE WHEN g % 13 = 0 THEN 'En attente' WHEN g % 41 = 0 THEN 'Refusé' ELSE 'Validé' END`);
  await insertUsers('dessinateur', u.draughtsmen, `CASE WHEN g % 11 = 0 THEN 'En attente' ELSE 'Validé' END`);
  await insertUsers('client', u.clients, `'Validé'`);
  await db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1::int)`, [next - 1]);

  // Companies and intervention zones of every professional, draughtsman and architect: their
  // home département (that of a city in the list) and, for two in three, one or two more.
  const proFirst = u.architects.first;
  const proCount = u.architects.count + u.professionals.count + u.draughtsmen.count;
  await step(
    'entreprises',
    `INSERT INTO companies (user_id, raison_sociale, forme_juridique, capital_cents, head_office_address, head_office_postcode, head_office_city, head_office_citycode,
       description, contact_email, contact_phone, year_founded, headcount, profession_id, budget_min_cents, budget_max_cents, client_types)
     SELECT usr.id, CASE WHEN usr.user_type = 'architecte' THEN 'Atelier ' ELSE '' END || usr.lastname || ' ' ||
         (ARRAY['Bâtiment', 'Rénovation', 'Construction', 'et Fils', 'Habitat', 'Concept'])[1 + usr.id % 6],
       ($3::text[])[1 + usr.id % 5], (1000 + (usr.id % 50) * 1000)::bigint * 100,
       (usr.id % 120 + 1) || ' ' || ($4::text[])[1 + usr.id % 12], ($5::text[])[1 + usr.id % $9::int], ($6::text[])[1 + usr.id % $9::int], ($7::text[])[1 + usr.id % $9::int],
       'Entreprise du bâtiment, devis gratuit, garantie décennale.', 'contact' || usr.id || '@entreprise.fr', usr.phone, 1980 + usr.id % 44, 1 + usr.id % 25,
       CASE usr.user_type WHEN 'architecte' THEN ($8::int[])[1] WHEN 'dessinateur' THEN ($8::int[])[2] ELSE ($10::int[])[1 + usr.id % array_length($10::int[], 1)] END,
       (usr.id % 4) * 1000000, CASE WHEN usr.id % 5 = 0 THEN NULL ELSE (usr.id % 4 + 2) * 5000000 END,
       CASE WHEN usr.id % 3 = 0 THEN ARRAY['particulier', 'entreprise'] ELSE ARRAY['particulier'] END
     FROM users usr WHERE usr.id BETWEEN $1::int AND $1::int + $2::int - 1`,
    [
      proFirst,
      proCount,
      COMPANY_FORMS,
      STREETS,
      col(0),
      col(1),
      col(2),
      [professionsOf('architecte')[0] ?? null, professionsOf('dessinateur')[0] ?? null],
      places.length,
      professionsOf('professionnel'),
    ],
  );
  await step(
    'zones d’intervention',
    `INSERT INTO intervention_zones (user_id, kind, departement_code)
     SELECT DISTINCT g, 'departement', ($3::text[])[1 + (g + k * 7) % $4::int]
     FROM generate_series($1::int, $1::int + $2::int - 1) g CROSS JOIN generate_series(0, 2) k
     WHERE k = 0 OR (g + k) % 3 > 0`,
    [proFirst, proCount, col(3), places.length],
  );

  // Projects: id = g. A client is picked by a multiplicative hash (some have several projects,
  // some none); the place by weight; the state by weight; the stage follows the state.
  const stateBuckets = weighted(PROJECT_STATES.map((s) => [s, STATE_WEIGHTS[s]] as [string, number]));
  await step(
    `${total.toLocaleString('fr-FR')} projets`,
    `INSERT INTO projects (id, client_id, support, category_id, bien_id, street, postcode, city, city_code, departement, latitude, longitude, show_address,
       surface, works_surface, budget, budget_min_cents, budget_max_cents, times, delai, proprio, description, accompagnement, besoin_accompagnement,
       type_client, company_name, civility, lastname, firstname, email, phone, country, state, stage, search_text, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT p.g, p.client_id, (ARRAY['Conception et plans', 'Permis de construire', 'Réalisation des travaux', 'Projet clé en main'])[1 + p.g % 4],
       ($3::int[])[1 + p.g % array_length($3::int[], 1)], ($4::int[])[1 + (p.g / 4) % array_length($4::int[], 1)],
       (p.g % 150 + 1) || ' ' || ($5::text[])[1 + p.g % 12], ($6::text[])[p.place], ($7::text[])[p.place], ($8::text[])[p.place], ($9::text[])[p.place],
       ($10::float8[])[p.place] + ((p.g % 200) - 100) / 5000.0, ($11::float8[])[p.place] + ((p.g % 180) - 90) / 5000.0, p.g % 4 = 0,
       60 + p.g % 140, 20 + p.g % 40, (ARRAY['moins-10k', '10k-30k', '30k-60k', '60k-100k', '100k-200k', '200k-500k', 'plus-500k'])[1 + p.b],
       (ARRAY[0, 1000000, 3000000, 6000000, 10000000, 20000000, 50000000])[1 + p.b],
       (ARRAY[1000000, 3000000, 6000000, 10000000, 20000000, 50000000, NULL])[1 + p.b],
       (ARRAY['Dès que possible', 'Dans les 3 mois', 'Dans 3 à 6 mois', 'Dans plus de 6 mois', 'Je ne sais pas encore'])[1 + p.g % 5],
       (ARRAY['Moins de 6 mois', '6 à 12 mois', '12 à 24 mois', 'Pas de délai particulier'])[1 + (p.g / 5) % 4],
       (ARRAY['Propriétaire', 'Propriétaire', 'Propriétaire', 'Locataire', 'En cours d''achat'])[1 + (p.g / 3) % 5],
       ($12::text[])[1 + p.g % array_length($12::text[], 1)], p.g % 3 = 0,
       CASE WHEN p.g % 3 = 0 THEN (ARRAY['Maîtrise d''œuvre complète', 'Suivi de chantier', 'Conseil ponctuel'])[1 + (p.g / 3) % 3] END,
       CASE WHEN p.g % 9 = 0 THEN 'entreprise' ELSE 'particulier' END, CASE WHEN p.g % 9 = 0 THEN 'SCI ' || c.lastname END,
       c.civility, c.lastname, c.firstname, c.email, c.phone, 'France', p.state,
       CASE p.state WHEN 'En attente' THEN 'Étude' WHEN 'Validé' THEN 'Étude' WHEN 'En consultation' THEN ($13::text[])[2 + p.g % 3]
         WHEN 'Attribué' THEN 'Consultation des entreprises' WHEN 'En cours' THEN 'Travaux' WHEN 'Terminé' THEN 'Réception' ELSE ($13::text[])[1 + p.g % 4] END,
       trim(regexp_replace(lower(translate(c.lastname || ' ' || c.firstname || ' ' || c.email || ' ' || coalesce(CASE WHEN p.g % 9 = 0 THEN 'SCI ' || c.lastname END, '') || ' '
         || ($7::text[])[p.place] || ' ' || ($6::text[])[p.place] || ' ' || ($9::text[])[p.place], 'éèêëàâîïôöûüçÉ', 'eeeeaaiioouuce')), '[^a-z0-9]+', ' ', 'g')),
       p.created_at, p.created_at + (p.g % 30) * interval '1 day'
     FROM (
       SELECT g, $1::int + (((g::bigint * 16807) % 2147483647) % $2::int)::int AS client_id, 1 + (g * 7) % $14::int AS place, (g / 11) % 7 AS b,
         CASE WHEN age < 20 THEN (ARRAY['En attente', 'Validé', 'En consultation'])[1 + g % 3] ELSE ($15::text[])[1 + (g * 31) % 100] END AS state,
         now() - age * interval '1 day' - (g % 86400) * interval '1 second' AS created_at
       -- Ages and clients from a Lehmer generator (mod 2^31 - 1): the newest projects are as varied as
       -- the others (a multiplier mod 1000 gave the newest day only ids multiple of 1000, so a few
       -- names, categories and places: a search's page walked far more rows than on real data).
       FROM (SELECT g, (((g::bigint * 48271) % 2147483647) % 1000)::int AS age FROM generate_series(1, $16::int) g) s
     ) p JOIN users c ON c.id = p.client_id
     -- Written in the order they were created, as a live platform's table is: the newest projects
     -- share the last pages, so a list that walks them reads few pages (decision 0986).
     ORDER BY p.created_at`,
    [u.clients.first, u.clients.count, categories, biens, STREETS, ...placeParams, DESCRIPTIONS, [...PROJECT_STAGES], places.length, stateBuckets, total],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('projects', 'id'), $1::int)`, [total]);

  // Tenders: three per project past review, to three different professionals picked by a hash;
  // id = 3 × (project − 1) + k. Answered, refused, closed or withdrawn as the project went.
  // Professionals and architects are picked by a Fibonacci hash of the project (the high bits of
  // id × an odd constant mod 2^32), not `id % count`: the project's state comes from `id × 31 %
  // 100`, so with a count that 100 divides, each one's projects were all in one state (decision
  // 0986).
  await step(
    'appels d’offre',
    `INSERT INTO offers (id, project_id, professional_id, status, validation, created_at, updated_at, reply_deadline, answered_at, closed_at, admin_message, refusal_reason, match_score)
     OVERRIDING SYSTEM VALUE
     SELECT 3 * (p.id - 1) + k, p.id, $1::int + (((p.id::bigint * 2246822519) % 4294967296 * $2::int / 4294967296 + k * ($2::int / 3)) % $2::int)::int,
       -- Past its deadline, an unanswered tender is « Expirée », as the sweep leaves it.
       CASE WHEN s.status = 'Disponible' AND p.created_at + interval '9 days' <= now() THEN 'Expirée' ELSE s.status END,
       CASE WHEN p.state = 'Validé' THEN '0' ELSE '1' END,
       p.created_at + interval '2 days', p.created_at + interval '5 days',
       p.created_at + interval '9 days',
       CASE WHEN s.status IN ('Acceptée', 'Refusée') THEN p.created_at + interval '4 days' + k * interval '7 hours' END,
       CASE WHEN s.status IN ('Clôturée', 'Retirée') THEN p.created_at + interval '20 days' END,
       CASE WHEN k = 1 THEN 'Projet correspondant à votre zone et à votre métier.' END,
       CASE WHEN s.status = 'Refusée' THEN (ARRAY['Planning complet', 'Hors de ma zone', 'Budget insuffisant'])[1 + p.id % 3] END,
       50 + (p.id * k) % 50
     FROM projects p CROSS JOIN generate_series(1, 3) k
     CROSS JOIN LATERAL (SELECT CASE
       WHEN p.state = 'Validé' THEN 'Disponible'
       WHEN p.state = 'En consultation' THEN (ARRAY['Disponible', 'Disponible', 'Acceptée', 'Refusée', 'Expirée'])[1 + (p.id + k) % 5]
       WHEN p.state = 'Annulé' THEN 'Retirée'
       WHEN k = 1 THEN 'Acceptée'
       WHEN k = 2 THEN 'Refusée'
       ELSE 'Clôturée' END AS status) s
     WHERE p.state <> 'En attente'`,
    [u.professionals.first, u.professionals.count],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('offers', 'id'), (SELECT coalesce(max(id), 1) FROM offers))`);

  // Quotes: one per project in consultation or later (id = project id), by an architect; the
  // status follows the project; one in eight refused quotes has a v2 (id = total + project id).
  // The "newer version" flags' trigger (migration 0033) is off while they load, set once after.
  await db.query(`ALTER TABLE quotes DISABLE TRIGGER quotes_superseded`);
  await step(
    'devis',
    `INSERT INTO quotes (id, root_id, version, number, issuer_id, client_id, project_id, status, title, validity_days, valid_until, deposit_bp, payment_terms, retention_bp,
       total_ht_cents, total_tva_cents, total_ttc_cents, accepted_total_ht_cents, accepted_total_tva_cents, accepted_total_ttc_cents,
       issuer_snapshot, client_snapshot, sent_at, accepted_at, signed_at, refused_at, refusal_reason, validated_at, cancelled_at, cancel_reason, replaced_at,
       search_text, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT q.id, q.id, 1, CASE WHEN q.status = 'Brouillon' THEN NULL ELSE q.number END, q.issuer_id, q.client_id, q.id, q.status,
       q.title, 30, (q.created_at + interval '32 days')::date, 3000, 'Acompte de 30 % à la signature, solde à la réception.', CASE WHEN q.id % 5 = 0 THEN 500 ELSE 0 END,
       q.ht, q.ht / 10, q.ht + q.ht / 10,
       CASE WHEN q.status IN ('Accepté', 'Signé', 'Validé') THEN q.ht END, CASE WHEN q.status IN ('Accepté', 'Signé', 'Validé') THEN q.ht / 10 END,
       CASE WHEN q.status IN ('Accepté', 'Signé', 'Validé') THEN q.ht + q.ht / 10 END,
       jsonb_build_object('name', a.lastname || ' Architecture', 'email', a.email),
       jsonb_build_object('name', q.client_name, 'email', q.client_email),
       CASE WHEN q.status <> 'Brouillon' THEN q.created_at + interval '2 days' END,
       CASE WHEN q.status IN ('Accepté', 'Signé', 'Validé') THEN q.created_at + interval '9 days' END,
       CASE WHEN q.status IN ('Signé', 'Validé') THEN q.created_at + interval '9 days' END,
       CASE WHEN q.status IN ('Refusé', 'Remplacé') THEN q.created_at + interval '8 days' END,
       CASE WHEN q.status IN ('Refusé', 'Remplacé') THEN 'Montant trop élevé' END,
       CASE WHEN q.status = 'Validé' THEN q.created_at + interval '11 days' END,
       CASE WHEN q.status = 'Annulé' THEN q.created_at + interval '6 days' END,
       CASE WHEN q.status = 'Annulé' THEN 'Projet abandonné par le client' END,
       CASE WHEN q.status = 'Remplacé' THEN q.created_at + interval '12 days' END,
       trim(regexp_replace(lower(translate(coalesce(CASE WHEN q.status = 'Brouillon' THEN NULL ELSE q.number END, '') || ' ' || q.title || ' ' || q.client_name || ' ' || q.city,
         'éèêëàâîïôöûüçÉ', 'eeeeaaiioouuce')), '[^a-z0-9]+', ' ', 'g')),
       q.created_at, q.created_at + interval '9 days'
     FROM (
       SELECT p.id, p.client_id, ${ARCHITECT_OF_PROJECT} AS issuer_id, p.lastname || ' ' || p.firstname AS client_name, p.email AS client_email, p.city,
         'D-' || to_char(p.created_at + interval '6 days', 'YYYY') || '-' || lpad(p.id::text, 7, '0') AS number,
         c.name || ' · ' || p.city AS title, 500000 + (p.id % 400) * 25000::bigint AS ht, p.created_at + interval '6 days' AS created_at,
         CASE
           WHEN p.state = 'En consultation' THEN (ARRAY['Brouillon', 'Envoyé', 'Envoyé', 'Envoyé', 'Accepté', 'Refusé', 'Expiré', 'Remplacé'])[1 + p.id % 8]
           WHEN p.state = 'Attribué' THEN (ARRAY['Signé', 'Validé'])[1 + p.id % 2]
           WHEN p.state IN ('En cours', 'Terminé') THEN 'Validé'
           ELSE 'Annulé' END AS status
       FROM projects p JOIN categories c ON c.id = p.category_id
       WHERE p.state IN ('En consultation', 'Attribué', 'En cours', 'Terminé') OR (p.state = 'Annulé' AND p.id % 2 = 0)
     ) q JOIN users a ON a.id = q.issuer_id`,
    [u.architects.first, u.architects.count],
  );
  await step(
    'devis v2',
    `INSERT INTO quotes (id, root_id, version, number, issuer_id, client_id, project_id, status, kind, title, validity_days, valid_until, deposit_bp, payment_terms,
       total_ht_cents, total_tva_cents, total_ttc_cents, issuer_snapshot, client_snapshot, sent_at, search_text, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT $1::int + q.id, q.id, 2, q.number || '-2', q.issuer_id, q.client_id, q.project_id, 'Envoyé', q.kind, q.title, 30, (q.replaced_at + interval '30 days')::date, 3000, q.payment_terms,
       q.total_ht_cents * 9 / 10, q.total_tva_cents * 9 / 10, q.total_ht_cents * 9 / 10 + q.total_tva_cents * 9 / 10, q.issuer_snapshot, q.client_snapshot, q.replaced_at,
       q.search_text || ' 2', q.replaced_at, q.replaced_at
     FROM quotes q WHERE q.status = 'Remplacé'`,
    [total],
  );
  await step(
    'versions remplacées',
    `UPDATE quotes q SET
       superseded = true,
       superseded_sent = EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = q.root_id AND n.version > q.version AND n.status <> 'Brouillon')
     WHERE EXISTS (SELECT 1 FROM quotes n WHERE n.root_id = q.root_id AND n.version > q.version)`,
  );
  await db.query(`ALTER TABLE quotes ENABLE TRIGGER quotes_superseded`);
  await db.query(`SELECT setval(pg_get_serial_sequence('quotes', 'id'), (SELECT coalesce(max(id), 1) FROM quotes))`);
  await seedQuoteLines(db, lineCount, log);

  // Invoices from validated quotes: a deposit (id = 2 × quote id − 1) for each, a balance (id =
  // 2 × quote id) once the project is finished. Paid in full for most, partly or not for recent ones.
  await step(
    'factures',
    `INSERT INTO invoices (id, number, issuer_id, client_id, quote_id, project_id, kind, title, issued_at, issue_date, due_date, total_ht_cents, total_tva_cents, total_ttc_cents,
       retention_cents, by_rate, document, paid_cents, search_text, created_at)
     OVERRIDING SYSTEM VALUE
     SELECT i.id, 'F-' || to_char(i.issued_at, 'YYYY') || '-' || lpad(i.id::text, 7, '0'), q.issuer_id, q.client_id, q.id, q.project_id, i.kind,
       CASE i.kind WHEN 'acompte' THEN 'Acompte 30 % · ' ELSE 'Solde · ' END || q.title, i.issued_at, i.issued_at::date, (i.issued_at + interval '30 days')::date,
       i.ht, i.ht / 10, i.ht + i.ht / 10, i.retention,
       jsonb_build_array(jsonb_build_object('rate_bp', 1000, 'base_cents', i.ht, 'tva_cents', i.ht / 10)),
       jsonb_build_object('client', q.client_snapshot || jsonb_build_object('company_name', p.company_name), 'issuer', q.issuer_snapshot || jsonb_build_object('trade_name', NULL),
         'quote', jsonb_build_object('id', q.id, 'number', q.number, 'label', q.number || ' — ' || q.title), 'project', jsonb_build_object('id', p.id, 'title', q.title)),
       CASE WHEN i.issued_at > now() - interval '45 days' AND q.id % 3 = 0 THEN 0
            WHEN i.issued_at > now() - interval '90 days' AND q.id % 4 = 0 THEN (i.ht + i.ht / 10) / 2
            ELSE i.ht + i.ht / 10 - i.retention END,
       trim(regexp_replace(lower(translate('F-' || to_char(i.issued_at, 'YYYY') || '-' || lpad(i.id::text, 7, '0') || ' ' || q.title || ' ' || (q.client_snapshot->>'name'),
         'éèêëàâîïôöûüçÉ', 'eeeeaaiioouuce')), '[^a-z0-9]+', ' ', 'g')),
       i.issued_at
     FROM quotes q JOIN projects p ON p.id = q.project_id
     CROSS JOIN LATERAL (
       SELECT 2 * q.id - 1 AS id, 'acompte' AS kind, q.validated_at + interval '1 day' AS issued_at, q.total_ht_cents * 3 / 10 AS ht, 0::bigint AS retention
       UNION ALL
       SELECT 2 * q.id, 'solde', q.validated_at + interval '120 days', q.total_ht_cents - q.total_ht_cents * 3 / 10,
         CASE WHEN q.retention_bp > 0 THEN (q.total_ht_cents + q.total_ht_cents / 10) * q.retention_bp / 10000 ELSE 0 END
       WHERE p.state = 'Terminé'
     ) i
     WHERE q.status = 'Validé' AND i.issued_at < now()`,
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('invoices', 'id'), (SELECT coalesce(max(id), 1) FROM invoices))`);
  await step(
    'avoirs',
    `WITH credited AS (
       INSERT INTO credit_notes (number, invoice_id, issuer_id, client_id, reason, issued_at, issue_date, total_ht_cents, total_tva_cents, total_ttc_cents, by_rate)
       SELECT 'AV-' || to_char(i.issued_at, 'YYYY') || '-' || lpad(i.id::text, 7, '0'), i.id, i.issuer_id, i.client_id, 'Erreur de quantité sur un lot', i.issued_at + interval '3 days',
         (i.issued_at + interval '3 days')::date, i.total_ht_cents / 10, i.total_tva_cents / 10, i.total_ht_cents / 10 + i.total_tva_cents / 10,
         jsonb_build_array(jsonb_build_object('rate_bp', 1000, 'base_cents', i.total_ht_cents / 10, 'tva_cents', i.total_tva_cents / 10))
       FROM invoices i WHERE i.id % 50 = 7
       RETURNING invoice_id, total_ttc_cents)
     UPDATE invoices i SET credited_cents = c.total_ttc_cents, paid_cents = greatest(0, i.paid_cents - c.total_ttc_cents) FROM credited c WHERE i.id = c.invoice_id`,
  );
  // Payments: what each invoice has received, by card (one in three) or confirmed transfer; a
  // transfer declared and not yet confirmed for one unpaid invoice in four.
  await step(
    'paiements',
    `INSERT INTO payments (invoice_id, client_id, issuer_id, method, status, amount_cents, provider, checkout_id, reference, created_by, confirmed_by, created_at, confirmed_at)
     SELECT i.id, i.client_id, i.issuer_id, m.method, m.status, m.amount, CASE WHEN m.method = 'carte' THEN 'stripe' END,
       CASE WHEN m.method = 'carte' THEN 'cs_vol_' || i.id || '_' || m.n END, 'Facture ' || i.number, i.client_id,
       CASE WHEN m.method = 'virement' AND m.status = 'confirme' THEN $1::int END,
       i.issued_at + interval '8 days', CASE WHEN m.status = 'confirme' THEN i.issued_at + interval '10 days' END
     FROM invoices i CROSS JOIN LATERAL (
       SELECT 1 AS n, CASE WHEN i.id % 3 = 0 THEN 'carte' ELSE 'virement' END AS method, 'confirme' AS status, i.paid_cents AS amount WHERE i.paid_cents > 0
       UNION ALL
       SELECT 2, 'virement', 'en_attente', i.total_ttc_cents - i.paid_cents - i.credited_cents WHERE i.paid_cents + i.credited_cents < i.total_ttc_cents AND i.id % 4 = 1
       UNION ALL
       SELECT 3, 'carte', 'echoue', i.total_ttc_cents WHERE i.id % 29 = 0
     ) m`,
    [u.admins.first],
  );
  // Réceptions of finished works (one in three signed late), reservations for one in three.
  await step(
    'réceptions',
    `INSERT INTO receptions (quote_id, project_id, issuer_id, client_id, reception_date, created_by, created_at, signed_at, retention_released_on)
     SELECT q.id, q.project_id, q.issuer_id, q.client_id, (q.validated_at + interval '110 days')::date, q.issuer_id, q.validated_at + interval '110 days',
       CASE WHEN q.id % 3 > 0 THEN q.validated_at + interval '111 days' END,
       CASE WHEN q.retention_bp > 0 AND q.validated_at + interval '475 days' < now() THEN (q.validated_at + interval '475 days')::date END
     FROM quotes q JOIN projects p ON p.id = q.project_id
     WHERE q.status = 'Validé' AND p.state = 'Terminé' AND q.validated_at + interval '110 days' < now()`,
  );
  await step(
    'réserves',
    `INSERT INTO reception_reservations (reception_id, position, lot_index, lot_title, description, lifted_on)
     SELECT r.id, 0, 0, 'Gros œuvre', 'Fissure en pied de mur à reprendre', CASE WHEN r.id % 2 = 0 THEN r.reception_date + 30 END FROM receptions r WHERE r.id % 3 = 0`,
  );
  // A contract out for signature (or signed) for one project in fifty.
  await step(
    'contrats à signer',
    `WITH docs AS (
       INSERT INTO signature_documents (kind, project_id, owner_id, title, file_name, original_key, original_sha256, provider, status, created_at, sent_at, updated_at)
       SELECT 'contract', p.id, ${ARCHITECT_OF_PROJECT}, 'Contrat de maîtrise d’œuvre', 'contrat.pdf', 'volume/contrats/' || p.id || '.pdf', repeat('0', 64), 'builtin',
         'out_for_signature', p.created_at, p.created_at, p.created_at
       FROM projects p WHERE p.id % 50 = 0 AND p.state IN ('Attribué', 'En cours') RETURNING id, project_id)
     INSERT INTO signature_signers (document_id, position, user_id, name, email, status)
     SELECT d.id, 0, p.client_id, p.firstname || ' ' || p.lastname, p.email, CASE WHEN d.id % 2 = 0 THEN 'signed' ELSE 'pending' END FROM docs d JOIN projects p ON p.id = d.project_id`,
    [u.architects.first, u.architects.count],
  );
  // Notifications of the last 120 days: tenders received (professionals), quotes sent (clients),
  // quotes accepted (architects), invoices issued (clients); read when older than two weeks.
  await step(
    'notifications',
    `INSERT INTO notifications (user_id, kind, params, link, created_at, read_at)
     SELECT o.professional_id, 'tender_received', jsonb_build_object('project', c.name || ' · ' || p.city, 'date', to_char(o.reply_deadline, 'YYYY-MM-DD')), '/list-offre',
       o.created_at, CASE WHEN o.created_at < now() - interval '14 days' OR o.status <> 'Disponible' THEN o.created_at + interval '1 day' END
     FROM offers o JOIN projects p ON p.id = o.project_id JOIN categories c ON c.id = p.category_id
     WHERE o.validation = '1' AND o.created_at > now() - interval '120 days'
     UNION ALL
     SELECT q.client_id, 'quote_sent', jsonb_build_object('number', q.number, 'name', q.issuer_snapshot->>'name'), '/devis/' || q.id,
       q.sent_at, CASE WHEN q.sent_at < now() - interval '14 days' OR q.status <> 'Envoyé' THEN q.sent_at + interval '1 day' END
     FROM quotes q WHERE q.sent_at > now() - interval '120 days'
     UNION ALL
     SELECT q.issuer_id, 'quote_accepted', jsonb_build_object('number', q.number, 'name', q.client_snapshot->>'name'), '/devis/' || q.id,
       q.accepted_at, CASE WHEN q.accepted_at < now() - interval '14 days' THEN q.accepted_at + interval '1 day' END
     FROM quotes q WHERE q.accepted_at > now() - interval '120 days'
     UNION ALL
     SELECT i.client_id, 'invoice_issued', jsonb_build_object('number', i.number, 'amount', i.total_ttc_cents, 'date', to_char(i.due_date, 'YYYY-MM-DD')), '/facture/' || i.id,
       i.issued_at, CASE WHEN i.issued_at < now() - interval '14 days' THEN i.issued_at + interval '1 day' END
     FROM invoices i WHERE i.issued_at > now() - interval '120 days'`,
  );
  return u;
}

/**
 * Quote lines for the price references (issue 40): `lineCount` lines in all, drawn from the
 * catalogue of ./price-catalogue.ts (≈ 300 lines in 12 lots). Quotes are taken in the order of a
 * hash of their id, each with 2 to 5 lots and about max(24, lineCount / quotes) lines, until the
 * count is reached: at a million projects and as many lines, one quote in 20 has lines, every
 * quote has some from 30 lines a project on. A quote's lines are the commonest of its lots first.
 * A unit price is its line's median in the Rhône × the département's factor × the architect's
 * (0.92 to 1.08) × a log-normal spread (σ = 0.11, ±15 % for most) × 3 % less a year back, typed
 * as architects do (10 c, 1 € or 10 €); one line in 5 000 is typed ten times too high, one quote
 * in 9 discounts a lot, one line in 41 is an option. The quotes' totals are then those of their
 * lines (TVA once per rate), so the invoices drawn next follow them. Every status gets lines: the
 * price references count the sent ones only.
 */
async function seedQuoteLines(db: DatabaseSession, lineCount: number, log: (line: string) => void): Promise<void> {
  if (lineCount < 1) return;
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    await db.query(sql, params);
    log(`${label} en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const lines = PRICE_CATALOGUE.flatMap((lot) => lot.lines);
  const starts = PRICE_CATALOGUE.map((_, i) => PRICE_CATALOGUE.slice(0, i).reduce((n, lot) => n + lot.lines.length, 0));
  const sizes = PRICE_CATALOGUE.map((lot) => lot.lines.length);
  // A stride prime to the lot's size: a lot's lines in a quote are all different while it has fewer than its size.
  const strides = sizes.map((size) => [7, 11, 13, 17].find((p) => size % p !== 0)!);
  const [{ n: quoteCount }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM quotes');
  if (quoteCount < 1) return;
  const average = Math.max(24, Math.ceil(lineCount / quoteCount));
  const low = Math.max(4, Math.ceil(average / 2));
  const span = 2 * average - 2 * low + 1;
  const extraLots = Math.floor(average / 30);
  await step(
    'devis à chiffrer',
    `CREATE TEMP TABLE volume_priced_quotes AS
     SELECT c.*, sum(c.m) OVER (ORDER BY c.line_before) - c.m AS lot_before FROM (
       SELECT s.id, s.issuer_id, s.departement, s.at, s.h, least(s.n, $1::bigint - s.line_before)::int AS n,
         least(s.m, s.n, $1::bigint - s.line_before)::int AS m, s.line_before
       FROM (
         SELECT z.*, sum(z.n) OVER (ORDER BY z.h, z.id) - z.n AS line_before FROM (
           SELECT q.id, q.issuer_id, p.departement, coalesce(q.sent_at, q.created_at) AS at, hash.h,
             $2::int + (hash.h / 7 % $3::int)::int AS n, least(12, 2 + hash.h / 13 % 4 + $4::int)::int AS m
           FROM quotes q JOIN projects p ON p.id = q.project_id,
             LATERAL (SELECT (q.id::bigint * 2654435761) % 4294967296 AS h) hash
         ) z
       ) s WHERE s.line_before < $1::bigint
     ) c`,
    [lineCount, low, span, extraLots],
  );
  const [{ base }] = await db.query<{ base: number }>('SELECT coalesce(max(id), 0)::int AS base FROM quote_lots');
  await step(
    'lots des devis',
    `INSERT INTO quote_lots (id, quote_id, position, title)
     OVERRIDING SYSTEM VALUE
     SELECT $1::int + pq.lot_before + s + 1, pq.id, s,
       CASE WHEN pq.h % 5 = 0 THEN 'Lot ' || (s + 1) || ' — ' ELSE '' END || ($2::text[])[1 + (pq.h / 17 + s * 5) % 12]
     FROM volume_priced_quotes pq, generate_series(0, pq.m - 1) s
     ORDER BY 1`,
    [base, PRICE_CATALOGUE.map((lot) => lot.title)],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('quote_lots', 'id'), (SELECT coalesce(max(id), 1) FROM quote_lots))`);
  // k: the line in its quote; s: its lot slot; x: its place in the catalogue (1-based); g: its
  // rank in all, whose hashes h1…h5 draw the spread and the quantity.
  await step(
    `${lineCount.toLocaleString('fr-FR')} lignes de devis`,
    `INSERT INTO quote_lines (quote_id, lot_id, position, designation, quantity_milli, unit, unit_price_cents, tva_rate_bp, discount_bp, optional, net_ht_cents)
     SELECT r.quote_id, r.lot_id, r.position, r.designation, r.quantity, r.unit, r.price, r.tva, r.discount, r.g % 41 = 0,
       (r.quantity * r.price * (10000 - r.discount) * 2 + 10000000) / 20000000
     FROM (
       SELECT l.*, greatest(sc.step, round(l.raw / sc.step) * sc.step)::bigint AS price
       FROM (
         SELECT pq.id AS quote_id, $1::int + pq.lot_before + sl.s + 1 AS lot_id, pos.position, g.g,
           ($2::text[])[c.x] AS designation, ($3::text[])[c.x] AS unit, ($5::int[])[c.x] AS tva,
           ($6::bigint[])[c.x] + floor(g.h5 / 4294967296.0 * ((($7::bigint[])[c.x] - ($6::bigint[])[c.x]) / q.step + 1))::bigint * q.step AS quantity,
           CASE WHEN pq.h % 9 = 0 AND sl.s = 0 THEN (ARRAY[300, 500, 800, 1000, 1500])[1 + pq.h / 31 % 5] WHEN g.g % 53 = 0 THEN 1000 ELSE 0 END AS discount,
           ($4::int[])[c.x]
             * coalesce(($11::float8[])[array_position($10::text[], pq.departement)], 0.95)
             * (0.92 + (pq.issuer_id::bigint * 2246822519) % 4294967296 / 4294967296.0 * 0.16)
             * exp(0.11 * sqrt(3) * ((g.h1 + g.h2 + g.h3 + g.h4) / 4294967296.0 - 2))
             * (1 - 0.03 * extract(epoch FROM now() - pq.at) / 31557600)
             * CASE WHEN g.g % 4999 = 0 THEN 10 ELSE 1 END AS raw
         FROM volume_priced_quotes pq
         CROSS JOIN generate_series(0, pq.n - 1) k
         CROSS JOIN LATERAL (SELECT k * pq.m / pq.n AS s) sl
         CROSS JOIN LATERAL (SELECT 1 + (pq.h / 17 + sl.s * 5) % 12 AS lot, k - (sl.s * pq.n + pq.m - 1) / pq.m AS position) pos
         CROSS JOIN LATERAL (SELECT ($9::int[])[pos.lot] AS size, floor(($9::int[])[pos.lot] * power(((pq.h / 101 + sl.s * 7919) % 1000) / 1000.0, 2))::int AS start) st
         CROSS JOIN LATERAL (SELECT 1 + ($8::int[])[pos.lot] + (st.start + pos.position * ($12::int[])[pos.lot]) % st.size AS x) c
         CROSS JOIN LATERAL (SELECT CASE WHEN ($3::text[])[c.x] IN ('u', 'forfait', 'h', 'jour') THEN 1000 ELSE 500 END AS step) q
         CROSS JOIN LATERAL (SELECT pq.line_before + k + 1 AS g) gg
         CROSS JOIN LATERAL (SELECT gg.g, (gg.g * 2654435761) % 4294967296 AS h1, (gg.g * 2246822519) % 4294967296 AS h2,
           (gg.g * 3266489917) % 4294967296 AS h3, (gg.g * 668265263) % 4294967296 AS h4, (gg.g * 374761393) % 4294967296 AS h5) g
       ) l
       CROSS JOIN LATERAL (SELECT CASE WHEN l.raw < 10000 THEN 10 WHEN l.raw < 100000 THEN 100 ELSE 1000 END AS step) sc
     ) r
     ORDER BY r.quote_id, r.lot_id, r.position`,
    [
      base,
      lines.map((l) => l.designation),
      lines.map((l) => l.unit),
      lines.map((l) => l.cents),
      lines.map((l) => l.tva),
      lines.map((l) => l.quantity[0]),
      lines.map((l) => l.quantity[1]),
      starts,
      sizes,
      Object.keys(DEPARTEMENT_PRICE_FACTOR),
      Object.values(DEPARTEMENT_PRICE_FACTOR),
      strides,
    ],
  );
  // The totals of the quotes with lines: TVA once per rate, rounded half away from zero.
  await step(
    'totaux des devis chiffrés',
    `WITH rates AS (
       SELECT l.quote_id, l.tva_rate_bp, coalesce(sum(l.net_ht_cents) FILTER (WHERE NOT l.optional), 0) AS base
       FROM quote_lines l JOIN volume_priced_quotes pq ON pq.id = l.quote_id GROUP BY 1, 2
     ), totals AS (
       SELECT quote_id, sum(base)::bigint AS ht, sum((base * tva_rate_bp * 2 + 10000) / 20000)::bigint AS tva FROM rates GROUP BY 1
     )
     UPDATE quotes q SET total_ht_cents = t.ht, total_tva_cents = t.tva, total_ttc_cents = t.ht + t.tva,
       accepted_total_ht_cents = CASE WHEN q.accepted_total_ht_cents IS NOT NULL THEN t.ht END,
       accepted_total_tva_cents = CASE WHEN q.accepted_total_tva_cents IS NOT NULL THEN t.tva END,
       accepted_total_ttc_cents = CASE WHEN q.accepted_total_ttc_cents IS NOT NULL THEN t.ht + t.tva END
     FROM totals t WHERE q.id = t.quote_id`,
  );
  await db.query('DROP TABLE volume_priced_quotes');
}

/**
 * The long and the short conversation of a volume of `messages` messages (decision 1230,
 * « Measured »): the oldest conversation holds `long` messages (10 000 from a million on), the
 * second oldest `short` (10); the rest are spread over the others.
 */
export function conversationSizes(messages: number): { long: number; short: number } {
  return { long: Math.min(10_000, Math.floor(messages / 100)), short: Math.min(10, Math.floor(messages / 1000)) };
}

/**
 * Conversations and messages (issue 39 §1, decision 1230): one conversation per accepted tender,
 * between the project's client and the professional, opened when the tender was accepted (ids in
 * that order); `messages` messages in all. The oldest conversation holds a long thread (10 000
 * messages over its whole life, still going on), the second a short one (10); every other message
 * goes to a conversation picked by a hash, within its first 120 days. Messages are written in the
 * order they were sent, as a live platform's table is: a thread's messages lie among everybody's,
 * and its newest page reads as many heap pages in a long thread as in a short one. Each member has
 * read up to their conversation's last message but 0 to 3 (a hash: about 3 in 8 with some unread).
 */
async function seedConversations(db: DatabaseSession, messages: number, log: (line: string) => void): Promise<void> {
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    await db.query(sql, params);
    log(`${label} en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(
    'conversations',
    `INSERT INTO conversations (project_id, member_low, member_high, created_by, created_at)
     SELECT o.project_id, least(p.client_id, o.professional_id), greatest(p.client_id, o.professional_id), p.client_id, least(o.answered_at, now())
     FROM offers o JOIN projects p ON p.id = o.project_id
     WHERE o.status = 'Acceptée' AND o.answered_at IS NOT NULL
     ORDER BY least(o.answered_at, now()), o.id`,
  );
  await step(
    'membres des conversations',
    `INSERT INTO conversation_members (conversation_id, user_id)
     SELECT id, member_low FROM conversations UNION ALL SELECT id, member_high FROM conversations`,
  );
  const [{ n: conversationCount }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations');
  if (conversationCount < 3 || messages < 1) return;
  const { long, short } = conversationSizes(messages);
  // ranked: the conversations 1..C by age; g below `long` goes to the first, the next `short` to
  // the second, the rest to 3 + a hash. h, h2: hashes of g spread over 2^32.
  await step(
    `${messages.toLocaleString('fr-FR')} messages`,
    `WITH ranked AS (
       SELECT id, member_low, member_high, created_at, row_number() OVER (ORDER BY id) AS rank FROM conversations
     ), generated AS (
       SELECT g, h, h2,
         CASE WHEN g <= $1::int THEN 1 WHEN g <= $1::int + $2::int THEN 2 ELSE 3 + h % ($3::int - 2) END AS rank
       FROM generate_series(1, $4::int) g,
         LATERAL (SELECT (g::bigint * 2654435761) % 4294967296 AS h, (g::bigint * 2246822519) % 4294967296 AS h2) hash
     )
     INSERT INTO messages (conversation_id, author_id, body, created_at)
     SELECT c.id, CASE WHEN (m.h / 3) % 2 = 0 THEN c.member_low ELSE c.member_high END,
       ($5::text[])[1 + (m.h / 11) % cardinality($5::text[])],
       c.created_at + (m.h2 / 4294967296.0) * CASE WHEN m.rank = 1 THEN now() - c.created_at ELSE least(now() - c.created_at, interval '120 days') END
     FROM generated m JOIN ranked c ON c.rank = m.rank
     ORDER BY 4`,
    [long, short, conversationCount, messages, MESSAGE_BODIES],
  );
  await step(
    'lectures',
    `UPDATE conversation_members m SET last_read_message_id = r.id, last_read_at = r.created_at
     FROM conversation_members k
     CROSS JOIN LATERAL (
       SELECT g.id, g.created_at FROM messages g WHERE g.conversation_id = k.conversation_id
       ORDER BY g.id DESC OFFSET greatest(0, ((k.conversation_id::bigint * 2654435761 + k.user_id) % 4294967296) / 536870912 - 4) LIMIT 1
     ) r
     WHERE m.conversation_id = k.conversation_id AND m.user_id = k.user_id`,
  );
}

export interface VolumeCounts {
  users: number;
  projects: number;
  offers: number;
  quotes: number;
  quote_lines: number;
  invoices: number;
  payments: number;
  credit_notes: number;
  receptions: number;
  notifications: number;
  conversations: number;
  messages: number;
}

export async function volumeCounts(handle: Pick<DatabaseHandle, 'query'>): Promise<VolumeCounts> {
  const tables = [
    'users',
    'projects',
    'offers',
    'quotes',
    'quote_lines',
    'invoices',
    'payments',
    'credit_notes',
    'receptions',
    'notifications',
    'conversations',
    'messages',
  ] as const;
  const [row] = await handle.query<Record<string, string>>(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`);
  return Object.fromEntries(tables.map((t) => [t, Number(row[t])])) as unknown as VolumeCounts;
}

/** `users 7 153, projects 10 000, …` for a log line. */
export function formatCounts(counts: VolumeCounts | Record<string, number>): string {
  return Object.entries(counts)
    .map(([k, v]) => `${Number(v).toLocaleString('fr-FR')} ${k}`)
    .join(', ');
}

/**
 * Recreate the database at `url`, run the real migrations and reference seed, then the volume
 * seed. Returns the open handle (the caller closes it).
 */
export async function prepareVolumeDatabase(
  url: string,
  projects: number,
  log: (line: string) => void = () => undefined,
  options: VolumeOptions = {},
): Promise<{ handle: DatabaseHandle; users: VolumeUsers; seconds: number }> {
  await recreateDatabase(url);
  const handle = await createDatabase({ url });
  await migrate(handle);
  await seedReference(handle);
  const t0 = performance.now();
  const users = await seedVolume(handle, projects, log, options);
  return { handle, users, seconds: (performance.now() - t0) / 1000 };
}

/** The user id ranges of a database seeded earlier (read back from the data, by role). */
export async function volumeUsersOf(handle: Pick<DatabaseHandle, 'query'>): Promise<VolumeUsers> {
  const rows = await handle.query<{ user_type: string; first: number; count: string }>(
    `SELECT user_type, min(id) AS first, count(*) AS count FROM users WHERE email LIKE '%@exemple.fr' GROUP BY user_type`,
  );
  const of = (type: string) => {
    const r = rows.find((x) => x.user_type === type);
    if (!r) throw new Error(`Aucun utilisateur « ${type} » : lancez npm run seed:volume.`);
    return { first: Number(r.first), count: Number(r.count) };
  };
  return { admins: of('admin'), architects: of('architecte'), professionals: of('professionnel'), draughtsmen: of('dessinateur'), clients: of('client') };
}

/**
 * The benches' volume database at `url` holding `projects` projects: used as it is when it does,
 * seeded (recreated) otherwise or when `reseed` asks for it.
 */
export async function ensureVolumeDatabase(url: string, projects: number, reseed = false, options: VolumeOptions = {}): Promise<void> {
  if (!reseed) {
    try {
      const probe = await createDatabase({ url });
      try {
        const [{ n }] = await probe.query<{ n: string }>('SELECT count(*) AS n FROM projects');
        // A volume asked for its messages (the conversations bench) is seeded again without them.
        const messagesOk =
          options.messages === undefined || Number((await probe.query<{ n: string }>('SELECT count(*) AS n FROM messages'))[0].n) === options.messages;
        if (Number(n) === projects && messagesOk) return;
      } finally {
        await probe.close();
      }
    } catch {
      // No database, or no schema yet: seed it.
    }
  }
  const what = options.messages === undefined ? '' : `, ${options.messages.toLocaleString('fr-FR')} messages`;
  console.log(`Remplissage de ${new URL(url).pathname.slice(1)} (${projects.toLocaleString('fr-FR')} projets${what})…`);
  const { handle, seconds } = await prepareVolumeDatabase(url, projects, undefined, options);
  console.log(`  ${formatCounts(await volumeCounts(handle))} en ${seconds.toFixed(0)} s`);
  await handle.close();
}
