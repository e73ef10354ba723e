import { inArray, sql } from 'drizzle-orm';
import {
  calendarDateAt,
  computeQuoteTotals,
  formatDocumentNumber,
  parisYear,
  quoteValidUntil,
  searchNormalize,
  type ProjectStage,
  type ProjectState,
  type QuoteStatus,
  type QuoteUnit,
  type TvaRate,
} from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import { hashPassword } from '../password-hash';
import {
  biens,
  categories,
  companies,
  companyInsurances,
  companyServices,
  documentCounters,
  interventionZones,
  offers,
  professions,
  projectActivity,
  projects,
  quoteEvents,
  quoteLines,
  quoteLots,
  quotes,
  services,
  users,
} from '../schema';
import { DEMO_PASSWORD } from './demo-accounts';
import { DAY, HOUR, type Line, type Lot } from './demo-lines';

/**
 * Price references in the demo (issue 40, development only): nine architects of their own, each
 * with sent quotes over the last 30 months on the projects of six clients of their own, in the
 * Rhône mostly, in Isère and Ain (same region), in Gironde, Paris and the Bouches-du-Rhône. Their
 * lines are the demo catalogue's (demo-products, demo-quotes, demo-invoice-cases,
 * demo-contract-life), so the demo architect's lines and the demo client's comparison at Écully
 * find their figures:
 * - in the Rhône, the kitchen and extension lines (12 lines, 6 lots) are quoted by 5 architects,
 *   about 15 times each over the last 12 months: published for the département;
 * - a few lines are quoted twice per département in the region (published for the region only),
 *   a few once or twice per region (France only), a few too seldom or by two architects only
 *   (published nowhere);
 * - prices spread ±15 % around a median of each zone (Paris about 28 % above the Rhône, Gironde
 *   and Ain a little below), each architect a little above or below it, some lots discounted, two
 *   typed ten times too high (the admin's outliers), a draft and a cancelled quote (never counted).
 * Quotes by consultation: 2 or 3 architects answer a project, one wins (accepted, signed or
 * validated), the others are refused or expire; the last weeks' are still sent. Deterministic: a
 * seeded generator, dates counted back from one `now`. Runs last; idempotent.
 */

type Zone = '69' | '38' | '01' | '75' | '33' | '13';
type RefLine = { lot: string; designation: string; unit: QuoteUnit; cents: number; tva: TvaRate; quantity: [number, number] };

const ref = (lot: string, designation: string, unit: QuoteUnit, cents: number, tva: TvaRate, quantity: [number, number]): RefLine => ({
  lot,
  designation,
  unit,
  cents,
  tva,
  quantity,
});

/** The Rhône's median unit price HT of each line; the other zones' follow `ZONE_FACTOR`. */
const L = {
  depose: ref('Démolition', 'Dépose de la cuisine et des faïences existantes', 'forfait', 82_000, 1000, [1000, 1000]),
  evier: ref('Plomberie', 'Alimentation et évacuation de l’évier', 'forfait', 56_000, 1000, [1000, 1000]),
  chauffeEau: ref('Plomberie', 'Chauffe-eau thermodynamique 200 l', 'u', 325_000, 550, [1000, 1000]),
  mitigeur: ref('Plomberie', 'Mitigeur thermostatique de douche', 'u', 24_000, 1000, [1000, 2000]),
  carrelage: ref('Revêtements', 'Carrelage grès cérame 60×60, pose droite', 'm²', 5_800, 1000, [8_000, 40_000]),
  credence: ref('Revêtements', 'Crédence en verre laqué', 'ml', 21_000, 1000, [2_000, 5_000]),
  peinture: ref('Peinture', 'Peinture acrylique mate, deux couches', 'm²', 2_450, 1000, [30_000, 180_000]),
  rehausse: ref('Gros œuvre', 'Rehausse des murs en ossature bois', 'm²', 24_000, 2000, [20_000, 70_000]),
  chainage: ref('Gros œuvre', 'Chaînage béton armé', 'ml', 9_800, 2000, [15_000, 45_000]),
  beton: ref('Gros œuvre', 'Béton prêt à l’emploi C25/30', 'm³', 14_500, 2000, [3_000, 18_000]),
  charpente: ref('Couverture', 'Charpente et couverture tuiles terre cuite', 'm²', 14_200, 2000, [40_000, 110_000]),
  fenetresToit: ref('Couverture', 'Fenêtres de toit 78×98', 'u', 72_000, 2000, [1000, 3000]),
  combles: ref('Plâtrerie', 'Isolation des combles perdus (laine soufflée)', 'm²', 2_800, 550, [40_000, 120_000]),
  tableau: ref('Électricité', 'Tableau électrique pré-équipé 3 rangées', 'u', 115_000, 1000, [1000, 1000]),
  cloisons: ref('Cloisons et plafonds', 'Cloisons plaques de plâtre sur ossature, isolant 45 mm', 'm²', 5_800, 1000, [15_000, 60_000]),
  nettoyage: ref('Divers', 'Nettoyage et évacuation de chantier', 'forfait', 35_000, 1000, [1000, 1000]),
  mainOeuvre: ref('Divers', 'Main-d’œuvre compagnon', 'h', 4_800, 1000, [8_000, 40_000]),
  fauxPlafond: ref('Cloisons et plafonds', 'Faux plafond acoustique 60×60', 'm²', 4_200, 1000, [20_000, 80_000]),
  escalier: ref('Charpente et escalier', 'Escalier quart tournant en chêne', 'u', 540_000, 1000, [1000, 1000]),
  fuite: ref('Recherche et réparation de fuite', 'Recherche de fuite sous l’évier et remplacement du siphon', 'forfait', 16_000, 1000, [1000, 1000]),
  rampants: ref('Plancher et isolation', 'Isolation des rampants, laine de bois 200 mm', 'm²', 5_400, 550, [30_000, 70_000]),
} as const;
type LineKey = keyof typeof L;

/** The two kinds of works consulted, with how often each line is in a quote. */
const TEMPLATES: Record<'renovation' | 'extension', Array<[LineKey, number]>> = {
  renovation: [
    ['depose', 1],
    ['evier', 0.95],
    ['chauffeEau', 0.9],
    ['mitigeur', 0.75],
    ['carrelage', 1],
    ['credence', 0.7],
    ['peinture', 0.9],
  ],
  extension: [
    ['rehausse', 1],
    ['chainage', 0.95],
    ['beton', 0.75],
    ['charpente', 1],
    ['fenetresToit', 0.8],
    ['peinture', 0.6],
  ],
};

/** The zone's median against the Rhône's. */
const ZONE_FACTOR: Record<Zone, number> = { '69': 1, '38': 0.97, '01': 0.92, '75': 1.28, '33': 0.94, '13': 1.04 };

interface DemoArchitect {
  key: string;
  firstname: string;
  lastname: string;
  office: string;
  siren: string;
  address: [street: string, postcode: string, city: string, cityCode: string];
  zones: Zone[];
  /** Where the architect prices against the zone's median. */
  bias: number;
}

const ARCHITECTS: DemoArchitect[] = [
  {
    key: 'lyon1',
    firstname: 'Claire',
    lastname: 'Vasseur',
    office: 'VASSEUR ARCHITECTES',
    siren: '791245632',
    address: ['14 rue Mercière', '69002', 'Lyon', '69382'],
    zones: ['69', '01', '13'],
    bias: 0.96,
  },
  {
    key: 'lyon2',
    firstname: 'Mathieu',
    lastname: 'Perrin',
    office: 'ATELIER PERRIN',
    siren: '802356741',
    address: ['3 place Sathonay', '69001', 'Lyon', '69381'],
    zones: ['69', '01', '75'],
    bias: 1.05,
  },
  {
    key: 'lyon3',
    firstname: 'Sarah',
    lastname: 'Benhamou',
    office: 'BENHAMOU ARCHITECTURE',
    siren: '813467850',
    address: ['62 cours Gambetta', '69007', 'Lyon', '69387'],
    zones: ['69', '38'],
    bias: 1,
  },
  {
    key: 'lyon4',
    firstname: 'Olivier',
    lastname: 'Charvet',
    office: 'CHARVET & ASSOCIÉS',
    siren: '824578969',
    address: ['9 avenue de la République', '69160', 'Tassin-la-Demi-Lune', '69244'],
    zones: ['69', '38', '01'],
    bias: 0.93,
  },
  {
    key: 'grenoble1',
    firstname: 'Hélène',
    lastname: 'Jacquier',
    office: 'JACQUIER ARCHITECTE',
    siren: '835689078',
    address: ['21 rue Félix Poulat', '38000', 'Grenoble', '38185'],
    zones: ['38', '69'],
    bias: 1.02,
  },
  {
    key: 'paris1',
    firstname: 'Thomas',
    lastname: 'Aubert',
    office: 'AUBERT ARCHITECTURE',
    siren: '846790187',
    address: ['45 rue de la Roquette', '75011', 'Paris', '75111'],
    zones: ['75', '13'],
    bias: 1.03,
  },
  {
    key: 'paris2',
    firstname: 'Inès',
    lastname: 'Marchal',
    office: 'STUDIO MARCHAL',
    siren: '857801296',
    address: ['8 rue des Petites Écuries', '75010', 'Paris', '75110'],
    zones: ['75', '33'],
    bias: 0.98,
  },
  {
    key: 'bordeaux1',
    firstname: 'Julien',
    lastname: 'Lacoste',
    office: 'LACOSTE ARCHITECTES',
    siren: '868912305',
    address: ['12 cours de l’Intendance', '33000', 'Bordeaux', '33063'],
    zones: ['33'],
    bias: 0.99,
  },
  {
    key: 'marseille1',
    firstname: 'Nora',
    lastname: 'Ferhat',
    office: 'FERHAT ARCHITECTURE',
    siren: '879023414',
    address: ['30 rue Paradis', '13001', 'Marseille', '13201'],
    zones: ['13'],
    bias: 1.01,
  },
];
const architectEmail = (key: string) => `archi.${key}@ouvrage.test`;

/** Clients of their own (no password: they never sign in), one or two per zone. */
const CLIENTS: Array<{ email: string; firstname: string; lastname: string; zone: Zone }> = [
  { email: 'paul.girard@ouvrage.test', firstname: 'Paul', lastname: 'Girard', zone: '69' },
  { email: 'anne.rey@ouvrage.test', firstname: 'Anne', lastname: 'Rey', zone: '69' },
  { email: 'karim.saidi@ouvrage.test', firstname: 'Karim', lastname: 'Saïdi', zone: '38' },
  { email: 'lucie.brun@ouvrage.test', firstname: 'Lucie', lastname: 'Brun', zone: '01' },
  { email: 'hugo.lemaire@ouvrage.test', firstname: 'Hugo', lastname: 'Lemaire', zone: '75' },
  { email: 'marion.dupuy@ouvrage.test', firstname: 'Marion', lastname: 'Dupuy', zone: '33' },
  { email: 'yann.rossi@ouvrage.test', firstname: 'Yann', lastname: 'Rossi', zone: '13' },
];

/** [street, postcode, city, INSEE code, latitude, longitude] */
const PLACES: Record<Zone, Array<[string, string, string, string, number, number]>> = {
  '69': [
    ['7 rue Duguesclin', '69006', 'Lyon 6e Arrondissement', '69386', 45.7688, 4.8467],
    ['33 rue du Dauphiné', '69003', 'Lyon 3e Arrondissement', '69383', 45.7537, 4.8733],
    ['2 chemin de la Garde', '69009', 'Lyon 9e Arrondissement', '69389', 45.7745, 4.8058],
    ['15 avenue Franklin Roosevelt', '69500', 'Bron', '69029', 45.7386, 4.9131],
    ['4 impasse des Cerisiers', '69570', 'Dardilly', '69072', 45.8055, 4.7527],
    ['88 rue Anatole France', '69100', 'Villeurbanne', '69266', 45.7667, 4.8795],
    ['11 montée des Roches', '69400', 'Villefranche-sur-Saône', '69264', 45.9898, 4.7186],
  ],
  '38': [
    ['6 rue Lesdiguières', '38000', 'Grenoble', '38185', 45.1874, 5.7254],
    ['19 chemin du Vercors', '38240', 'Meylan', '38229', 45.2097, 5.7805],
  ],
  '01': [
    ['24 rue Bourgmayer', '01000', 'Bourg-en-Bresse', '01053', 46.2052, 5.2255],
    ['5 allée des Dombes', '01700', 'Miribel', '01249', 45.8257, 4.9538],
  ],
  '75': [
    ['52 rue Lepic', '75018', 'Paris 18e Arrondissement', '75118', 48.8867, 2.3343],
    ['10 rue de la Convention', '75015', 'Paris 15e Arrondissement', '75115', 48.8417, 2.2928],
  ],
  '33': [
    ['17 rue Kléber', '33200', 'Bordeaux', '33063', 44.8495, -0.6012],
    ['3 allée des Pins', '33600', 'Pessac', '33318', 44.8067, -0.6311],
  ],
  '13': [
    ['40 boulevard Chave', '13005', 'Marseille 5e Arrondissement', '13205', 43.2964, 5.3926],
    ['8 avenue des Belges', '13100', 'Aix-en-Provence', '13001', 43.5263, 5.4454],
  ],
};

/** Who answers a consultation in each zone (keys of ARCHITECTS), and how many of them. */
const POOLS: Record<Zone, { architects: string[]; perConsultation: number }> = {
  '69': { architects: ['lyon1', 'lyon2', 'lyon3', 'lyon4', 'grenoble1'], perConsultation: 3 },
  '38': { architects: ['grenoble1', 'lyon3', 'lyon4'], perConsultation: 2 },
  '01': { architects: ['lyon1', 'lyon2', 'lyon4'], perConsultation: 2 },
  '75': { architects: ['paris1', 'paris2', 'lyon2'], perConsultation: 3 },
  '33': { architects: ['bordeaux1', 'paris2'], perConsultation: 2 },
  '13': { architects: ['marseille1', 'lyon1', 'paris1'], perConsultation: 2 },
};

/** The days ago each zone's consultations were sent: 12 in the Rhône over the last year. */
const CONSULTATIONS: Record<Zone, number[]> = {
  '69': [5, 16, 34, 60, 90, 120, 155, 190, 230, 270, 310, 350, 400, 470, 540, 620, 700, 790, 870],
  '38': [12, 70, 160, 280, 450, 700],
  '01': [45, 200, 330, 520, 760],
  '75': [8, 55, 140, 240, 340, 480, 650, 820],
  '33': [22, 110, 230, 380, 600, 850],
  '13': [40, 170, 300, 510, 780],
};

/**
 * Lines added to a few quotes of the last 12 months, one per [zone, architect]: published for the
 * region only (combles, tableau, cloisons), for France only (nettoyage, main-d’œuvre, faux
 * plafond), or nowhere (too few quotes; the staircase, with the demo architect’s attic, by one
 * architect for more than half of its quotes).
 */
const SPARSE: Array<[LineKey, Array<[Zone, string]>]> = [
  [
    'combles',
    [
      ['69', 'lyon1'],
      ['69', 'lyon3'],
      ['38', 'grenoble1'],
      ['38', 'lyon4'],
      ['01', 'lyon2'],
      ['01', 'lyon4'],
    ],
  ],
  [
    'tableau',
    [
      ['69', 'lyon2'],
      ['69', 'grenoble1'],
      ['38', 'lyon3'],
      ['38', 'grenoble1'],
      ['01', 'lyon1'],
      ['01', 'lyon2'],
    ],
  ],
  [
    'cloisons',
    [
      ['69', 'lyon4'],
      ['38', 'lyon3'],
      ['38', 'grenoble1'],
      ['01', 'lyon1'],
      ['01', 'lyon4'],
    ],
  ],
  [
    'nettoyage',
    [
      ['69', 'lyon1'],
      ['38', 'grenoble1'],
      ['75', 'paris1'],
      ['75', 'paris2'],
      ['33', 'bordeaux1'],
      ['33', 'paris2'],
      ['13', 'marseille1'],
    ],
  ],
  [
    'mainOeuvre',
    [
      ['69', 'lyon3'],
      ['01', 'lyon4'],
      ['75', 'lyon2'],
      ['75', 'paris1'],
      ['33', 'bordeaux1'],
      ['13', 'marseille1'],
      ['13', 'paris1'],
    ],
  ],
  [
    'fauxPlafond',
    [
      ['69', 'lyon2'],
      ['38', 'lyon4'],
      ['75', 'paris2'],
      ['33', 'bordeaux1'],
      ['13', 'lyon1'],
      ['13', 'marseille1'],
    ],
  ],
  [
    'escalier',
    [
      ['69', 'lyon1'],
      ['69', 'lyon1'],
      ['69', 'lyon1'],
      ['69', 'lyon1'],
      ['69', 'lyon2'],
      ['69', 'lyon2'],
    ],
  ],
  [
    'fuite',
    [
      ['69', 'lyon3'],
      ['69', 'lyon4'],
    ],
  ],
  [
    'rampants',
    [
      ['69', 'lyon4'],
      ['38', 'lyon3'],
      ['75', 'paris1'],
    ],
  ],
];

const REFUSALS = [
  'Nous avons retenu une autre proposition, mieux placée sur le gros œuvre.',
  'Le montant dépasse notre budget.',
  'Délais de démarrage trop lointains pour nous.',
  'Nous reportons les travaux à l’année prochaine.',
];

/** mulberry32: a small seeded generator, so the demo is the same at every start. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A price as an architect types it: to 10 c below 100 €, to the euro below 1 000 €, to 10 € above. */
function typedPrice(cents: number): number {
  const step = cents < 10_000 ? 10 : cents < 100_000 ? 100 : 1_000;
  return Math.max(step, Math.round(cents / step) * step);
}

/** A SIRET (head office, NIC 00012 + key) and TVA number from a SIREN, Luhn-valid. */
function identifiersOf(siren: string): { siret: string; tvaNumber: string } {
  const base = `${siren}0001`;
  const luhn = (digits: string) =>
    [...digits].reverse().reduce((sum, d, i) => {
      const n = Number(d) * (i % 2 === 1 ? 2 : 1);
      return sum + (n > 9 ? n - 9 : n);
    }, 0);
  const key = [...Array(10).keys()].find((k) => luhn(`${base}${k}`) % 10 === 0)!;
  const tvaKey = (12 + 3 * (Number(siren) % 97)) % 97;
  return { siret: `${base}${key}`, tvaNumber: `FR${String(tvaKey).padStart(2, '0')}${siren}` };
}

const words = (text: string) =>
  searchNormalize(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface PlannedQuote {
  architect: DemoArchitect;
  consultation: number;
  zone: Zone;
  status: QuoteStatus;
  sentAt: Date | null;
  lots: Lot[];
}

export async function seedDemoPriceReferences({ db }: DatabaseHandle): Promise<void> {
  const emails = ARCHITECTS.map((a) => architectEmail(a.key));
  if ((await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1)).length) return;
  const [[demoArchitect], [admin], cats, goods, [profession], servs] = await Promise.all([
    db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = 'architecte@ouvrage.test'`),
    db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = 'admin@ouvrage.test'`),
    db.select().from(categories),
    db.select().from(biens),
    db
      .select()
      .from(professions)
      .where(sql`${professions.slug} = 'architecte'`),
    db.select().from(services),
  ]);
  const categoryId = (slug: string) => cats.find((c) => c.slug === slug)?.id;
  const bienId = (slug: string) => goods.find((b) => b.slug === slug)?.id;
  const [renovation, extension, maison, appartement] = [categoryId('renovation'), categoryId('extension'), bienId('maison'), bienId('appartement')];
  if (!renovation || !extension || !maison || !appartement) return;
  // The demo password's hash as the demo accounts have it: hashing it again would take longer than the rest.
  const passwordHash = demoArchitect?.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const now = Date.now();
  const random = generator(40);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const byKey = new Map(ARCHITECTS.map((a) => [a.key, a]));

  const priced = (line: RefLine, zone: Zone, architect: DemoArchitect): Line => {
    const [min, max] = line.quantity;
    const step = line.unit === 'u' || line.unit === 'forfait' || line.unit === 'h' ? 1000 : 500;
    const quantityMilli = min + Math.round((random() * (max - min)) / step) * step;
    return {
      designation: line.designation,
      quantityMilli,
      unit: line.unit,
      unitPriceCents: typedPrice(line.cents * ZONE_FACTOR[zone] * architect.bias * Math.exp(0.09 * gauss())),
      tvaRateBp: line.tva,
      discountBp: 0,
      optional: false,
    };
  };
  const addLine = (lots: Lot[], line: Line, title: string) => {
    const lot = lots.find((l) => l.title === title);
    if (lot) lot.lines.push(line);
    else lots.push({ title, lines: [line] });
  };

  // 1. The consultations: a project each, 2 or 3 architects answering, one winner once decided.
  type PlannedProject = {
    zone: Zone;
    daysAgo: number;
    kind: 'renovation' | 'extension';
    place: number;
    client: number;
    state: ProjectState;
    stage: ProjectStage;
  };
  const planned: PlannedProject[] = [];
  const plannedQuotes: PlannedQuote[] = [];
  for (const zone of Object.keys(CONSULTATIONS) as Zone[]) {
    const pool = POOLS[zone];
    const zoneClients = CLIENTS.map((c, i) => ({ ...c, i })).filter((c) => c.zone === zone);
    for (const [n, daysAgo] of CONSULTATIONS[zone].entries()) {
      const kind = n % 2 === 0 ? 'renovation' : 'extension';
      const consultation = planned.length;
      const answering = Array.from({ length: pool.perConsultation }, (_, j) => byKey.get(pool.architects[(n + j) % pool.architects.length])!);
      const open = daysAgo <= 25;
      // One consultation in six ends without a winner.
      const winner = open || random() < 1 / 6 ? -1 : Math.floor(random() * answering.length);
      const winStatus: QuoteStatus = daysAgo > 120 ? 'Validé' : daysAgo > 40 ? (['Signé', 'Accepté', 'Validé'] as const)[n % 3] : 'Accepté';
      for (const [j, architect] of answering.entries()) {
        const lots: Lot[] = [];
        for (const [key, chance] of TEMPLATES[kind]) {
          if (random() >= chance) continue;
          const line = priced(L[key], zone, architect);
          // The splashback is an option in one quote in two.
          if (key === 'credence' && random() < 0.5) line.optional = true;
          addLine(lots, line, L[key].lot);
        }
        // A commercial discount on one lot in one quote in eight.
        if (random() < 1 / 8) {
          const discountBp = [500, 800, 1000][Math.floor(random() * 3)];
          for (const line of lots[Math.floor(random() * lots.length)].lines) line.discountBp = discountBp;
        }
        const status: QuoteStatus = open ? 'Envoyé' : j === winner ? winStatus : random() < 0.55 ? 'Refusé' : 'Expiré';
        plannedQuotes.push({ architect, consultation, zone, status, sentAt: new Date(now - daysAgo * DAY + j * (DAY + 3 * HOUR)), lots });
      }
      const won = winner >= 0 ? winStatus : null;
      const [state, stage]: [ProjectState, ProjectStage] = open
        ? ['En consultation', 'Consultation des entreprises']
        : won === null
          ? ['Annulé', 'Consultation des entreprises']
          : won !== 'Validé'
            ? ['Attribué', 'Consultation des entreprises']
            : daysAgo > 300
              ? ['Terminé', 'Réception']
              : ['En cours', 'Travaux'];
      planned.push({ zone, daysAgo, kind, place: n % PLACES[zone].length, client: zoneClients[n % zoneClients.length].i, state, stage });
    }
  }
  // 2. The sparse lines, each on a quote of the last 12 months of that zone and architect that lacks it.
  for (const [key, placements] of SPARSE) {
    for (const [zone, architectKey] of placements) {
      const target = plannedQuotes.find(
        (q) =>
          q.zone === zone &&
          q.architect.key === architectKey &&
          q.sentAt &&
          q.sentAt.getTime() > now - 365 * DAY &&
          !q.lots.some((lot) => lot.lines.some((l) => l.designation === L[key].designation)),
      );
      if (target) addLine(target.lots, priced(L[key], zone, target.architect), L[key].lot);
    }
  }
  // 3. Two prices typed ten times too high (the admin's outliers), a draft and a withdrawn quote never counted.
  const typo = (zone: Zone, architectKey: string, key: LineKey) => {
    const line = plannedQuotes
      .filter((q) => q.zone === zone && q.architect.key === architectKey)
      .flatMap((q) => q.lots.flatMap((lot) => lot.lines))
      .find((l) => l.designation === L[key].designation);
    if (line) line.unitPriceCents *= 10;
  };
  typo('69', 'lyon3', 'carrelage');
  typo('75', 'paris2', 'peinture');
  const rhone = planned.findIndex((p) => p.zone === '69');
  const lyon4 = byKey.get('lyon4')!;
  const lyon3 = byKey.get('lyon3')!;
  const inflated = (kind: 'renovation' | 'extension', architect: DemoArchitect) => {
    const lots: Lot[] = [];
    for (const [key] of TEMPLATES[kind]) {
      const line = priced(L[key], '69', architect);
      addLine(lots, { ...line, unitPriceCents: typedPrice(line.unitPriceCents * 1.6) }, L[key].lot);
    }
    return lots;
  };
  plannedQuotes.push({ architect: lyon4, consultation: rhone, zone: '69', status: 'Brouillon', sentAt: null, lots: inflated(planned[rhone].kind, lyon4) });
  const cancelledOn = planned.findIndex((p) => p.zone === '69' && p.daysAgo === 90);
  plannedQuotes.push({
    architect: lyon3,
    consultation: cancelledOn,
    zone: '69',
    status: 'Annulé',
    sentAt: new Date(now - 88 * DAY),
    lots: inflated(planned[cancelledOn].kind, lyon3),
  });

  await db.transaction(async (tx) => {
    // Users, companies, insurances, zones, services: the architects validated, as the admin leaves them.
    const architectRows = await tx
      .insert(users)
      .values(
        ARCHITECTS.map((a) => ({
          email: architectEmail(a.key),
          passwordHash,
          firstname: a.firstname,
          lastname: a.lastname,
          userType: 'architecte' as const,
          isValidate: 'Validé' as const,
          country: 'France',
          createdAt: new Date(now - 950 * DAY),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const clientRows = await tx
      .insert(users)
      .values(
        CLIENTS.map((c) => ({
          email: c.email,
          firstname: c.firstname,
          lastname: c.lastname,
          userType: 'client' as const,
          isValidate: 'Validé' as const,
          country: 'France',
          createdAt: new Date(now - 930 * DAY),
        })),
      )
      .returning();
    const idOf = new Map(architectRows.map((r) => [r.email, r.id]));
    const architectId = (a: DemoArchitect) => idOf.get(architectEmail(a.key))!;
    const companyRows = ARCHITECTS.map((a) => {
      const { siret, tvaNumber } = identifiersOf(a.siren);
      return {
        userId: architectId(a),
        siret,
        siren: a.siren,
        raisonSociale: a.office,
        formeJuridique: "SARL d'architecture",
        natureJuridiqueCode: '5499',
        capitalCents: 500_000,
        rcsRm: `RCS ${a.address[2]} ${a.siren.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}`,
        tvaNumber,
        nafCode: '71.11Z',
        headOfficeAddress: a.address[0],
        headOfficePostcode: a.address[1],
        headOfficeCity: a.address[2],
        headOfficeCitycode: a.address[3],
        tradeName: a.office
          .toLowerCase()
          .replace(/(^|\s)\S/g, (c) => c.toUpperCase())
          .replace('& Associés', '& associés'),
        description: 'Architecte inscrit à l’Ordre : rénovations, extensions et surélévations de maisons et d’appartements.',
        contactEmail: architectEmail(a.key),
        contactPhone: `04 78 ${String(10 + ARCHITECTS.indexOf(a)).padStart(2, '0')} 40 40`,
        yearFounded: 2008 + ARCHITECTS.indexOf(a),
        headcount: 2 + (ARCHITECTS.indexOf(a) % 5),
        professionId: profession?.id ?? null,
        budgetMinCents: 2_000_000,
        budgetMaxCents: 50_000_000,
        clientTypes: ['particulier', 'entreprise'],
        registryState: 'A',
        registryName: a.office,
        registryCheckedAt: new Date(now - 900 * DAY),
      };
    });
    await tx.insert(companies).values(companyRows);
    const validFrom = calendarDateAt(new Date(now - 200 * DAY));
    const validUntil = calendarDateAt(new Date(now + 165 * DAY));
    const insurance = (kind: 'rc_pro' | 'decennale', a: DemoArchitect) => ({
      insurer: kind === 'rc_pro' ? 'MAF Assurances' : 'SMABTP',
      insurer_address: kind === 'rc_pro' ? '189 boulevard Malesherbes, 75017 Paris' : '8 rue Louis Armand, 75015 Paris',
      policy_number: `${kind === 'rc_pro' ? 'RC' : 'DEC'}-${a.siren}`,
      coverage: 'France métropolitaine',
      valid_from: validFrom,
      valid_until: validUntil,
      has_certificate: false,
    });
    await tx.insert(companyInsurances).values(
      ARCHITECTS.flatMap((a) =>
        (['rc_pro', 'decennale'] as const).map((kind) => {
          const i = insurance(kind, a);
          return {
            userId: architectId(a),
            kind,
            insurer: i.insurer,
            insurerAddress: i.insurer_address,
            policyNumber: i.policy_number,
            coverage: i.coverage,
            validFrom,
            validUntil,
          };
        }),
      ),
    );
    await tx
      .insert(interventionZones)
      .values(ARCHITECTS.flatMap((a) => a.zones.map((departementCode) => ({ userId: architectId(a), kind: 'departement', departementCode }))));
    const serviceIds = servs.filter((s) => ['permis-de-construire', 'maitrise-oeuvre', 'suivi-chantier'].includes(s.slug)).map((s) => s.id);
    if (serviceIds.length)
      await tx.insert(companyServices).values(ARCHITECTS.flatMap((a) => serviceIds.map((serviceId) => ({ userId: architectId(a), serviceId }))));

    // Projects, one per consultation, created a month before its quotes.
    const projectRows = await tx
      .insert(projects)
      .values(
        planned.map((p) => {
          const client = clientRows[p.client];
          const [street, postcode, city, cityCode, latitude, longitude] = PLACES[p.zone][p.place];
          const createdAt = new Date(now - (p.daysAgo + 30) * DAY);
          return {
            clientId: client.id,
            support: 'Projet clé en main',
            categoryId: p.kind === 'renovation' ? renovation : extension,
            bienId: p.kind === 'renovation' ? appartement : maison,
            street,
            postcode,
            city,
            cityCode,
            departement: p.zone,
            latitude,
            longitude,
            showAddress: false,
            surface: p.kind === 'renovation' ? 75 : 120,
            worksSurface: p.kind === 'renovation' ? 30 : 40,
            budget: p.kind === 'renovation' ? '30k-60k' : '60k-100k',
            budgetMinCents: p.kind === 'renovation' ? 3_000_000 : 6_000_000,
            budgetMaxCents: p.kind === 'renovation' ? 6_000_000 : 10_000_000,
            times: 'Dans 3 à 6 mois',
            delai: '6 à 12 mois',
            proprio: 'Propriétaire',
            description:
              p.kind === 'renovation'
                ? 'Rénovation de la cuisine et de la salle d’eau : dépose, plomberie, carrelage et peintures.'
                : 'Extension en ossature bois de 40 m² avec couverture en tuiles et fenêtres de toit.',
            accompagnement: true,
            besoinAccompagnement: "Maîtrise d'œuvre complète",
            typeClient: 'particulier',
            civility: 'M.',
            lastname: client.lastname,
            firstname: client.firstname,
            email: client.email,
            phone: '06 45 67 89 10',
            country: 'France',
            state: p.state,
            stage: p.stage,
            searchText: words(`${client.lastname} ${client.firstname} ${client.email} ${city} ${postcode} ${p.zone}`),
            createdAt,
            updatedAt: new Date(now - Math.max(1, p.daysAgo - 10) * DAY),
          };
        }),
      )
      .returning();
    await tx.insert(projectActivity).values(
      projectRows.map((p) => ({
        projectId: p.id,
        actorId: p.clientId,
        action: 'created' as const,
        toValue: 'En attente',
        message: '',
        createdAt: p.createdAt,
      })),
    );
    // The tenders the architects accepted, sent by the admin (decision 0830).
    const pairs = new Map<string, { projectId: number; professionalId: number; sentAt: number }>();
    for (const q of plannedQuotes) {
      const projectId = projectRows[q.consultation].id;
      const key = `${projectId}:${architectId(q.architect)}`;
      if (!pairs.has(key)) pairs.set(key, { projectId, professionalId: architectId(q.architect), sentAt: q.sentAt?.getTime() ?? now - DAY });
    }
    await tx.insert(offers).values(
      [...pairs.values()].map((o) => ({
        projectId: o.projectId,
        professionalId: o.professionalId,
        status: 'Acceptée' as const,
        validation: '1' as const,
        createdAt: new Date(o.sentAt - 12 * DAY),
        answeredAt: new Date(o.sentAt - 10 * DAY),
        createdBy: admin?.id ?? null,
      })),
    );

    // Quotes, numbered per architect and Paris year in sending order, totals by the domain.
    const sequences = new Map<string, number>();
    const numbers = plannedQuotes.map(() => null as string | null);
    const order = plannedQuotes.map((q, i) => ({ q, i })).sort((a, b) => (a.q.sentAt?.getTime() ?? Infinity) - (b.q.sentAt?.getTime() ?? Infinity));
    for (const { q, i } of order) {
      if (!q.sentAt) continue;
      const year = parisYear(q.sentAt);
      const key = `${architectId(q.architect)}:${year}`;
      const sequence = (sequences.get(key) ?? 0) + 1;
      sequences.set(key, sequence);
      numbers[i] = formatDocumentNumber({ prefix: 'D', year, sequence });
    }
    const rows = plannedQuotes.map((q, i) => {
      const project = projectRows[q.consultation];
      const client = clientRows[planned[q.consultation].client];
      const company = companyRows[ARCHITECTS.indexOf(q.architect)];
      const totals = computeQuoteTotals(q.lots);
      const sent = q.sentAt;
      const at = (days: number) => (sent ? new Date(sent.getTime() + days * DAY) : null);
      const validUntil = sent ? quoteValidUntil(calendarDateAt(sent), 30) : null;
      const accepted = ['Accepté', 'Signé', 'Validé'].includes(q.status);
      const address = { street: project.street, postcode: project.postcode, city: project.city };
      const title = planned[q.consultation].kind === 'renovation' ? 'Rénovation de la cuisine et de la salle d’eau' : 'Extension en ossature bois';
      const clientName = `${client.firstname} ${client.lastname}`;
      return {
        version: 1,
        number: numbers[i],
        issuerId: architectId(q.architect),
        clientId: client.id,
        projectId: project.id,
        status: q.status,
        title,
        clientAddress: address,
        siteAddress: address,
        validityDays: 30,
        validUntil,
        depositBp: 3000,
        paymentTerms: 'Acompte de 30 % à la signature, solde à la réception des travaux, par virement sous 30 jours.',
        latePenaltyBp: 1000,
        totalHtCents: totals.totalHtCents,
        totalTvaCents: totals.totalTvaCents,
        totalTtcCents: totals.totalTtcCents,
        acceptedTotalHtCents: accepted ? totals.totalHtCents : null,
        acceptedTotalTvaCents: accepted ? totals.totalTvaCents : null,
        acceptedTotalTtcCents: accepted ? totals.totalTtcCents : null,
        issuerSnapshot: sent
          ? {
              id: architectId(q.architect),
              name: company.raisonSociale,
              trade_name: company.tradeName,
              legal_form: company.formeJuridique,
              capital_cents: company.capitalCents,
              address: `${company.headOfficeAddress}, ${company.headOfficePostcode} ${company.headOfficeCity}`,
              siret: company.siret,
              rcs_rm: company.rcsRm,
              tva_number: company.tvaNumber,
              email: company.contactEmail,
              phone: company.contactPhone,
              decennale: insurance('decennale', q.architect),
              rc_pro: insurance('rc_pro', q.architect),
            }
          : null,
        clientSnapshot: sent ? { name: clientName, email: client.email, phone: client.phone } : null,
        sentAt: sent,
        acceptedAt: accepted ? at(4) : null,
        signedAt: q.status === 'Signé' ? at(5) : null,
        validatedAt: q.status === 'Validé' ? at(6) : null,
        refusedAt: q.status === 'Refusé' ? at(6) : null,
        refusalReason: q.status === 'Refusé' ? REFUSALS[i % REFUSALS.length] : null,
        expiredAt: q.status === 'Expiré' ? at(31) : null,
        cancelledAt: q.status === 'Annulé' ? at(3) : null,
        cancelReason: q.status === 'Annulé' ? 'Devis retiré : erreur sur le métré.' : null,
        searchText: words([numbers[i] ?? '', title, clientName, project.city].join(' ')),
        createdAt: new Date((sent?.getTime() ?? now - 2 * DAY) - 2 * HOUR),
        updatedAt: at(q.status === 'Expiré' ? 31 : accepted || q.status === 'Refusé' ? 6 : 0) ?? new Date(now - 2 * DAY),
      };
    });
    const quoteRows = await tx.insert(quotes).values(rows).returning({ id: quotes.id });
    const quoteIds = quoteRows.map((r) => r.id);
    await tx
      .update(quotes)
      .set({ rootId: sql`${quotes.id}` })
      .where(inArray(quotes.id, quoteIds));
    const lotRows = await tx
      .insert(quoteLots)
      .values(plannedQuotes.flatMap((q, i) => q.lots.map((lot, position) => ({ quoteId: quoteIds[i], position, title: lot.title }))))
      .returning({ id: quoteLots.id, quoteId: quoteLots.quoteId, position: quoteLots.position });
    const lotId = new Map(lotRows.map((r) => [`${r.quoteId}:${r.position}`, r.id]));
    await tx.insert(quoteLines).values(
      plannedQuotes.flatMap((q, i) => {
        const nets = computeQuoteTotals(q.lots).lines;
        let index = 0;
        return q.lots.flatMap((lot, position) =>
          lot.lines.map((line, linePosition) => ({
            quoteId: quoteIds[i],
            lotId: lotId.get(`${quoteIds[i]}:${position}`)!,
            position: linePosition,
            ...line,
            chosen: false,
            netHtCents: nets[index++].netCents,
          })),
        );
      }),
    );
    await tx.insert(quoteEvents).values(
      plannedQuotes.flatMap((q, i) => {
        const row = rows[i];
        const quoteId = quoteIds[i];
        const issuer = row.issuerId;
        const events: Array<{ quoteId: number; actorId: number | null; action: string; detail: string | null; createdAt: Date }> = [
          { quoteId, actorId: issuer, action: 'created', detail: null, createdAt: row.createdAt },
        ];
        if (row.sentAt) events.push({ quoteId, actorId: issuer, action: 'sent', detail: row.number, createdAt: row.sentAt });
        if (row.acceptedAt) events.push({ quoteId, actorId: row.clientId, action: 'accepted', detail: null, createdAt: row.acceptedAt });
        if (row.signedAt) events.push({ quoteId, actorId: row.clientId, action: 'signed', detail: null, createdAt: row.signedAt });
        if (row.validatedAt) events.push({ quoteId, actorId: issuer, action: 'validated', detail: null, createdAt: row.validatedAt });
        if (row.refusedAt) events.push({ quoteId, actorId: row.clientId, action: 'refused', detail: row.refusalReason, createdAt: row.refusedAt });
        if (row.expiredAt) events.push({ quoteId, actorId: null, action: 'expired', detail: null, createdAt: row.expiredAt });
        if (row.cancelledAt) events.push({ quoteId, actorId: issuer, action: 'cancelled', detail: row.cancelReason, createdAt: row.cancelledAt });
        return events;
      }),
    );
    // The counters continue after the demo numbers.
    await tx.insert(documentCounters).values(
      [...sequences].map(([key, lastNumber]) => {
        const [issuerId, year] = key.split(':').map(Number);
        return { issuerId, series: 'devis', year, lastNumber };
      }),
    );
  });
}
