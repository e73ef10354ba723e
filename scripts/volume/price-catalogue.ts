import type { QuoteUnit, TvaRate } from '@ouvrage/domain';

/**
 * What the volume's quote lines are made of (issue 40, price references): about 300 normalised
 * lines in 12 lots, each with its median unit price HT in the Rhône, its TVA rate and the range of
 * its quantities (thousandths). Built from base works and their variants (« Carrelage grès cérame
 * 60×60 » / « 45×90 » …), the demo catalogue's lines among them. Within a lot, the first lines are
 * the commonest: the seed draws them more often, so that some lines are quoted everywhere and
 * others too seldom to be published.
 */
export interface CatalogueLine {
  lot: string;
  designation: string;
  unit: QuoteUnit;
  cents: number;
  tva: TvaRate;
  quantity: [number, number];
}

type Base = [designation: string, unit: QuoteUnit, cents: number, tva: TvaRate, quantity: [number, number], variants?: Array<[suffix: string, factor: number]>];

const SIZES: Array<[string, number]> = [
  ['', 1],
  [' — petite surface', 1.15],
  [' — grande surface', 0.9],
];
const FINISHES: Array<[string, number]> = [
  ['', 1],
  [', finition soignée', 1.2],
];

/** The demo catalogue's lines (packages/db/src/seed/demo-*.ts), kept as they are written there. */
const DEMO_LINES = new Set([
  'Dépose de la cuisine et des faïences existantes',
  'Rehausse des murs en ossature bois',
  'Béton prêt à l’emploi C25/30',
  'Charpente et couverture tuiles terre cuite',
  'Fenêtres de toit 78×98',
  'Escalier quart tournant en chêne',
  'Isolation des combles perdus (laine soufflée)',
  'Cloisons plaques de plâtre sur ossature, isolant 45 mm',
  'Faux plafond acoustique 60×60',
  'Isolation des rampants, laine de bois 200 mm',
  'Tableau électrique pré-équipé 3 rangées',
  'Éclairage LED encastré',
  'Alimentation et évacuation de l’évier',
  'Chauffe-eau thermodynamique 200 l',
  'Mitigeur thermostatique de douche',
  'Recherche de fuite sous l’évier et remplacement du siphon',
  'Carrelage grès cérame 60×60, pose droite',
  'Crédence en verre laqué',
  'Peinture acrylique mate, deux couches',
  'Main-d’œuvre compagnon',
  'Nettoyage et évacuation de chantier',
]);

const LOTS: Array<[string, Base[]]> = [
  [
    'Démolition',
    [
      ['Dépose de la cuisine et des faïences existantes', 'forfait', 82_000, 1000, [1000, 1000]],
      ['Démolition de cloison non porteuse', 'm²', 3_200, 1000, [5_000, 40_000], SIZES],
      [
        'Dépose de revêtement de sol',
        'm²',
        1_400,
        1000,
        [10_000, 90_000],
        [
          ['', 1],
          [' collé', 1.3],
          [' carrelé', 1.5],
        ],
      ],
      ['Dépose de la salle de bains existante', 'forfait', 95_000, 1000, [1000, 1000]],
      [
        'Ouverture dans mur porteur avec IPN',
        'u',
        380_000,
        1000,
        [1000, 2000],
        [
          ['', 1],
          [', portée 3 m', 1.3],
          [', portée 4 m', 1.6],
        ],
      ],
      [
        'Évacuation des gravats en benne',
        'forfait',
        45_000,
        1000,
        [1000, 3000],
        [
          ['', 1],
          [' 10 m³', 1.4],
        ],
      ],
      ['Dépose de menuiseries extérieures', 'u', 9_000, 1000, [2000, 12_000]],
      ['Piquage d’enduit intérieur', 'm²', 2_200, 1000, [10_000, 60_000]],
      ['Curage complet du logement', 'm²', 4_500, 1000, [30_000, 120_000], SIZES],
      ['Dépose de faux plafond', 'm²', 1_600, 1000, [10_000, 60_000]],
      ['Dépose de la couverture existante', 'm²', 2_800, 2000, [40_000, 150_000]],
      [
        'Démolition de dalle béton',
        'm²',
        6_500,
        2000,
        [5_000, 40_000],
        [
          ['', 1],
          [' armée', 1.35],
        ],
      ],
    ],
  ],
  [
    'Gros œuvre',
    [
      ['Rehausse des murs en ossature bois', 'm²', 24_000, 2000, [20_000, 70_000]],
      ['Chaînage béton armé', 'ml', 9_800, 2000, [15_000, 45_000]],
      ['Béton prêt à l’emploi C25/30', 'm³', 14_500, 2000, [3_000, 18_000]],
      [
        'Fondations en semelles filantes',
        'ml',
        18_500,
        2000,
        [15_000, 60_000],
        [
          ['', 1],
          [' sur sol argileux', 1.3],
        ],
      ],
      [
        'Dalle béton sur terre-plein',
        'm²',
        9_500,
        2000,
        [20_000, 120_000],
        [
          [' 12 cm', 1],
          [' 15 cm', 1.15],
          [' 20 cm', 1.35],
        ],
      ],
      [
        'Mur en parpaings',
        'm²',
        7_200,
        2000,
        [20_000, 150_000],
        [
          [' de 20', 1],
          [' de 15', 0.9],
          [' à bancher', 1.4],
        ],
      ],
      [
        'Mur en briques monomur',
        'm²',
        11_000,
        2000,
        [20_000, 150_000],
        [
          [' 30 cm', 1],
          [' 37,5 cm', 1.2],
        ],
      ],
      [
        'Terrassement en pleine masse',
        'm³',
        3_800,
        2000,
        [10_000, 200_000],
        [
          ['', 1],
          [' avec évacuation', 1.5],
        ],
      ],
      ['Linteau béton armé', 'ml', 12_000, 2000, [2_000, 12_000]],
      ['Plancher hourdis béton', 'm²', 8_800, 2000, [20_000, 120_000]],
      ['Reprise en sous-œuvre', 'ml', 95_000, 1000, [2_000, 10_000]],
      ['Regard de visite béton', 'u', 18_000, 2000, [1000, 4000]],
      ['Muret de clôture en blocs', 'ml', 16_000, 2000, [5_000, 40_000]],
      ['Dallage extérieur béton désactivé', 'm²', 9_000, 2000, [10_000, 60_000]],
      ['Seuil béton de porte-fenêtre', 'u', 18_000, 2000, [1000, 3000]],
      ['Drain périphérique', 'ml', 6_500, 2000, [15_000, 60_000]],
    ],
  ],
  [
    'Couverture',
    [
      ['Charpente et couverture tuiles terre cuite', 'm²', 14_200, 2000, [40_000, 110_000]],
      ['Fenêtres de toit 78×98', 'u', 72_000, 2000, [1000, 3000]],
      [
        'Couverture en tuiles mécaniques',
        'm²',
        8_500,
        1000,
        [50_000, 160_000],
        [
          ['', 1],
          [' grand moule', 0.9],
          [' petit moule', 1.2],
        ],
      ],
      ['Couverture en ardoises naturelles', 'm²', 13_500, 1000, [40_000, 140_000], SIZES],
      [
        'Couverture bac acier',
        'm²',
        6_200,
        2000,
        [30_000, 200_000],
        [
          ['', 1],
          [' isolé', 1.45],
        ],
      ],
      [
        'Gouttière zinc demi-ronde',
        'ml',
        6_800,
        1000,
        [8_000, 40_000],
        [
          [' 25', 1],
          [' 33', 1.15],
        ],
      ],
      ['Descente d’eaux pluviales zinc', 'ml', 5_500, 1000, [4_000, 20_000]],
      [
        'Faîtage scellé au mortier',
        'ml',
        4_800,
        1000,
        [6_000, 20_000],
        [
          ['', 1],
          [' ventilé à sec', 1.2],
        ],
      ],
      ['Écran sous-toiture HPV', 'm²', 1_900, 1000, [40_000, 150_000]],
      ['Traitement de charpente', 'm²', 2_400, 1000, [40_000, 150_000]],
      ['Isolation sarking', 'm²', 9_500, 550, [40_000, 140_000]],
      ['Démoussage et hydrofuge de toiture', 'm²', 1_800, 1000, [60_000, 200_000]],
    ],
  ],
  [
    'Menuiseries',
    [
      [
        'Fenêtre PVC double vitrage',
        'u',
        62_000,
        550,
        [1000, 10_000],
        [
          [' 1 vantail', 0.75],
          [' 2 vantaux', 1],
          [' oscillo-battant', 1.15],
        ],
      ],
      [
        'Fenêtre aluminium double vitrage',
        'u',
        98_000,
        550,
        [1000, 8000],
        [
          [' 2 vantaux', 1],
          [' coulissante', 1.3],
        ],
      ],
      ['Fenêtre bois double vitrage', 'u', 105_000, 550, [1000, 8000], SIZES],
      ['Porte d’entrée acier isolante', 'u', 230_000, 550, [1000, 1000], FINISHES],
      [
        'Baie vitrée coulissante aluminium',
        'u',
        340_000,
        550,
        [1000, 2000],
        [
          [' 2,40 m', 1],
          [' 3 m', 1.25],
          [' 4 m', 1.6],
        ],
      ],
      ['Porte intérieure postformée', 'u', 32_000, 1000, [1000, 10_000], FINISHES],
      [
        'Volet roulant électrique',
        'u',
        68_000,
        550,
        [1000, 10_000],
        [
          ['', 1],
          [' solaire', 1.3],
        ],
      ],
      ['Placard coulissant sur mesure', 'ml', 52_000, 1000, [1_500, 6_000]],
      ['Escalier quart tournant en chêne', 'u', 540_000, 1000, [1000, 1000]],
      ['Porte de garage sectionnelle motorisée', 'u', 210_000, 1000, [1000, 1000]],
      ['Garde-corps en verre feuilleté', 'ml', 45_000, 1000, [2_000, 12_000]],
    ],
  ],
  [
    'Plâtrerie',
    [
      ['Isolation des combles perdus (laine soufflée)', 'm²', 2_800, 550, [40_000, 120_000]],
      ['Cloisons plaques de plâtre sur ossature, isolant 45 mm', 'm²', 5_800, 1000, [15_000, 60_000]],
      [
        'Doublage collé polystyrène',
        'm²',
        4_200,
        550,
        [20_000, 100_000],
        [
          [' 100 mm', 1],
          [' 140 mm', 1.2],
        ],
      ],
      [
        'Doublage sur ossature laine de verre',
        'm²',
        5_400,
        550,
        [20_000, 100_000],
        [
          [' 100 mm', 1],
          [' 200 mm', 1.3],
        ],
      ],
      [
        'Faux plafond plaques de plâtre',
        'm²',
        4_600,
        1000,
        [10_000, 90_000],
        [
          ['', 1],
          [' suspendu', 1.2],
        ],
      ],
      ['Faux plafond acoustique 60×60', 'm²', 4_200, 1000, [20_000, 80_000]],
      ['Isolation des rampants, laine de bois 200 mm', 'm²', 5_400, 550, [30_000, 70_000]],
      ['Bandes et enduits sur plaques', 'm²', 1_300, 1000, [30_000, 200_000]],
      ['Cloison hydrofuge de salle d’eau', 'm²', 6_600, 1000, [8_000, 30_000]],
      ['Coffrage de gaines', 'ml', 4_800, 1000, [3_000, 15_000]],
      ['Trappe de visite', 'u', 9_500, 1000, [1000, 3000]],
      ['Corniche décorative en plâtre', 'ml', 4_500, 1000, [8_000, 40_000]],
      ['Isolation des murs par insufflation', 'm²', 3_900, 550, [30_000, 120_000]],
      ['Plafond coupe-feu', 'm²', 7_200, 1000, [10_000, 60_000]],
    ],
  ],
  [
    'Électricité',
    [
      ['Tableau électrique pré-équipé 3 rangées', 'u', 115_000, 1000, [1000, 1000]],
      [
        'Mise en conformité électrique NF C 15-100',
        'forfait',
        480_000,
        1000,
        [1000, 1000],
        [
          ['', 1],
          [' — appartement T2', 0.7],
          [' — maison', 1.6],
        ],
      ],
      ['Point lumineux plafond', 'u', 9_500, 1000, [3000, 20_000]],
      [
        'Prise de courant 16 A',
        'u',
        6_800,
        1000,
        [5000, 40_000],
        [
          ['', 1],
          [' étanche', 1.3],
          [' USB', 1.4],
        ],
      ],
      ['Éclairage LED encastré', 'u', 11_500, 1000, [4000, 30_000]],
      ['Circuit spécialisé cuisson', 'u', 22_000, 1000, [1000, 2000]],
      ['Interphone vidéo', 'u', 58_000, 1000, [1000, 1000]],
      [
        'Radiateur électrique à inertie',
        'u',
        72_000,
        1000,
        [1000, 8000],
        [
          [' 1 000 W', 0.85],
          [' 1 500 W', 1],
          [' 2 000 W', 1.15],
        ],
      ],
      ['Borne de recharge véhicule électrique 7 kW', 'u', 145_000, 550, [1000, 1000]],
      ['Détecteur de fumée raccordé', 'u', 6_500, 1000, [1000, 4000]],
      ['Tranchée et gaine TPC', 'ml', 3_800, 1000, [5_000, 40_000]],
      ['Câblage réseau RJ45', 'u', 9_500, 1000, [2000, 10_000]],
      ['Éclairage extérieur sur détecteur', 'u', 16_000, 1000, [1000, 4000]],
    ],
  ],
  [
    'Plomberie',
    [
      ['Alimentation et évacuation de l’évier', 'forfait', 56_000, 1000, [1000, 1000]],
      ['Chauffe-eau thermodynamique 200 l', 'u', 325_000, 550, [1000, 1000]],
      ['Mitigeur thermostatique de douche', 'u', 24_000, 1000, [1000, 2000]],
      [
        'Douche à l’italienne, receveur extra-plat',
        'u',
        185_000,
        1000,
        [1000, 1000],
        [
          ['', 1],
          [' avec paroi vitrée', 1.35],
        ],
      ],
      ['WC suspendu avec bâti-support', 'u', 98_000, 1000, [1000, 2000], FINISHES],
      [
        'Meuble vasque et robinetterie',
        'u',
        85_000,
        1000,
        [1000, 2000],
        [
          [' simple', 1],
          [' double', 1.65],
        ],
      ],
      ['Baignoire acrylique encastrée', 'u', 120_000, 1000, [1000, 1000]],
      [
        'Chauffe-eau électrique',
        'u',
        95_000,
        1000,
        [1000, 1000],
        [
          [' 150 l', 0.9],
          [' 200 l', 1],
          [' 300 l', 1.25],
        ],
      ],
      ['Réseau d’alimentation multicouche', 'ml', 4_200, 1000, [10_000, 60_000]],
      [
        'Réseau d’évacuation PVC',
        'ml',
        4_800,
        1000,
        [8_000, 40_000],
        [
          [' Ø 40', 0.9],
          [' Ø 100', 1.2],
        ],
      ],
      ['Recherche de fuite sous l’évier et remplacement du siphon', 'forfait', 16_000, 1000, [1000, 1000]],
      ['Robinet de puisage extérieur antigel', 'u', 14_000, 1000, [1000, 2000]],
      ['Adoucisseur d’eau', 'u', 160_000, 1000, [1000, 1000]],
      ['Évier inox encastré', 'u', 32_000, 1000, [1000, 1000]],
      ['Colonne de douche thermostatique', 'u', 52_000, 1000, [1000, 2000]],
    ],
  ],
  [
    'Chauffage et ventilation',
    [
      [
        'Pompe à chaleur air-eau',
        'u',
        1_150_000,
        550,
        [1000, 1000],
        [
          [' 8 kW', 0.9],
          [' 11 kW', 1],
          [' 14 kW', 1.2],
        ],
      ],
      ['Chaudière gaz à condensation', 'u', 420_000, 550, [1000, 1000]],
      [
        'VMC simple flux hygroréglable',
        'u',
        120_000,
        550,
        [1000, 1000],
        [
          [' type A', 0.85],
          [' type B', 1],
        ],
      ],
      ['VMC double flux', 'u', 520_000, 550, [1000, 1000]],
      ['Radiateur à eau chaude', 'u', 48_000, 1000, [2000, 10_000], FINISHES],
      ['Plancher chauffant hydraulique', 'm²', 6_500, 1000, [30_000, 120_000]],
      [
        'Poêle à granulés',
        'u',
        480_000,
        550,
        [1000, 1000],
        [
          ['', 1],
          [' étanche', 1.2],
        ],
      ],
      ['Climatisation réversible mono-split', 'u', 210_000, 1000, [1000, 3000]],
      ['Sèche-serviettes électrique', 'u', 42_000, 1000, [1000, 3000]],
      ['Conduit de fumée isolé inox', 'ml', 18_000, 1000, [3_000, 12_000]],
    ],
  ],
  [
    'Revêtements',
    [
      ['Carrelage grès cérame 60×60, pose droite', 'm²', 5_800, 1000, [8_000, 40_000]],
      ['Crédence en verre laqué', 'ml', 21_000, 1000, [2_000, 5_000]],
      [
        'Carrelage grès cérame',
        'm²',
        6_200,
        1000,
        [8_000, 60_000],
        [
          [' 30×30', 0.85],
          [' 45×90', 1.2],
          [' 120×120', 1.6],
        ],
      ],
      [
        'Faïence murale',
        'm²',
        6_800,
        1000,
        [8_000, 40_000],
        [
          ['', 1],
          [' toute hauteur', 1.1],
          [' format métro', 1.2],
        ],
      ],
      [
        'Parquet contrecollé chêne',
        'm²',
        7_500,
        1000,
        [15_000, 90_000],
        [
          [' pose flottante', 1],
          [' pose collée', 1.2],
          [' point de Hongrie', 1.9],
        ],
      ],
      ['Parquet massif chêne', 'm²', 11_000, 1000, [15_000, 90_000], FINISHES],
      [
        'Sol vinyle en lames',
        'm²',
        4_200,
        1000,
        [15_000, 90_000],
        [
          [' clipsables', 1],
          [' collées', 1.1],
        ],
      ],
      ['Ragréage autolissant', 'm²', 2_100, 1000, [15_000, 120_000]],
      ['Plinthes bois', 'ml', 1_400, 1000, [20_000, 90_000]],
      ['Moquette de chambre', 'm²', 3_600, 1000, [10_000, 40_000]],
      ['Tapis de sol encastré', 'u', 22_000, 1000, [1000, 1000]],
      ['Seuil de porte aluminium', 'u', 3_500, 1000, [1000, 6000]],
    ],
  ],
  [
    'Peinture',
    [
      ['Peinture acrylique mate, deux couches', 'm²', 2_450, 1000, [30_000, 180_000]],
      [
        'Peinture des plafonds',
        'm²',
        2_700,
        1000,
        [20_000, 120_000],
        [
          ['', 1],
          [' mate, deux couches', 1.1],
        ],
      ],
      ['Peinture satinée des menuiseries', 'm²', 3_800, 1000, [5_000, 30_000]],
      [
        'Préparation des supports, enduit de lissage',
        'm²',
        1_500,
        1000,
        [30_000, 200_000],
        [
          ['', 1],
          [' deux passes', 1.5],
        ],
      ],
      ['Toile de verre à peindre', 'm²', 2_200, 1000, [20_000, 120_000]],
      ['Papier peint intissé', 'm²', 2_900, 1000, [10_000, 60_000], FINISHES],
      ['Peinture de cage d’escalier', 'm²', 3_400, 1000, [20_000, 80_000]],
      ['Lasure des boiseries extérieures', 'm²', 3_100, 1000, [10_000, 60_000]],
      ['Peinture de sol époxy', 'm²', 4_400, 1000, [15_000, 80_000]],
    ],
  ],
  [
    'Façades',
    [
      ['Ravalement de façade, nettoyage haute pression', 'm²', 1_800, 1000, [60_000, 300_000]],
      ['Enduit monocouche gratté', 'm²', 4_600, 1000, [60_000, 250_000], SIZES],
      [
        'Isolation thermique par l’extérieur',
        'm²',
        14_500,
        550,
        [60_000, 250_000],
        [
          [' polystyrène', 1],
          [' laine de roche', 1.2],
          [' fibre de bois', 1.35],
        ],
      ],
      [
        'Bardage bois',
        'm²',
        9_500,
        1000,
        [20_000, 120_000],
        [
          [' mélèze', 1],
          [' douglas', 0.9],
          [' composite', 1.15],
        ],
      ],
      ['Peinture de façade pliolite', 'm²', 3_200, 1000, [60_000, 300_000]],
      ['Traitement des fissures en façade', 'ml', 4_200, 1000, [5_000, 40_000]],
      ['Échafaudage de façade', 'm²', 1_200, 1000, [80_000, 400_000]],
      ['Appui de fenêtre en pierre', 'u', 28_000, 1000, [1000, 8000]],
    ],
  ],
  [
    'Divers',
    [
      ['Main-d’œuvre compagnon', 'h', 4_800, 1000, [8_000, 40_000]],
      ['Nettoyage et évacuation de chantier', 'forfait', 35_000, 1000, [1000, 1000]],
      [
        'Installation de chantier',
        'forfait',
        60_000,
        1000,
        [1000, 1000],
        [
          ['', 1],
          [' avec base vie', 2.2],
        ],
      ],
      ['Protection des sols et des ouvrages', 'm²', 600, 1000, [20_000, 120_000]],
      ['Location de benne', 'jour', 9_000, 1000, [2_000, 15_000]],
      ['Main-d’œuvre chef d’équipe', 'h', 6_200, 1000, [4_000, 20_000]],
      ['Diagnostic amiante avant travaux', 'forfait', 45_000, 2000, [1000, 1000]],
      ['Nettoyage de fin de chantier', 'm²', 700, 1000, [40_000, 180_000]],
      ['Frais de déplacement', 'forfait', 6_000, 1000, [1000, 1000]],
      ['Repérage des réseaux enterrés', 'forfait', 38_000, 2000, [1000, 1000]],
      ['Constat d’huissier avant travaux', 'forfait', 45_000, 2000, [1000, 1000]],
      ['Bâche de protection de toiture', 'm²', 900, 1000, [40_000, 150_000]],
    ],
  ],
];

export const PRICE_CATALOGUE: Array<{ title: string; lines: CatalogueLine[] }> = LOTS.map(([lot, bases]) => ({
  title: lot,
  lines: bases.flatMap(([designation, unit, cents, tva, quantity, variants]) =>
    (
      variants ??
      (DEMO_LINES.has(designation)
        ? [['', 1] as [string, number]]
        : unit === 'm²'
          ? SIZES
          : unit === 'u' || unit === 'forfait'
            ? FINISHES
            : [['', 1] as [string, number]])
    ).map(([suffix, factor]) => ({ lot, designation: designation + suffix, unit, cents: Math.round(cents * factor), tva, quantity })),
  ),
}));

/**
 * The median of a département against the Rhône's (1): Paris and the Côte d’Azur dearest, the
 * rural départements cheapest. A département not listed is at 0.95.
 */
export const DEPARTEMENT_PRICE_FACTOR: Record<string, number> = {
  '75': 1.28,
  '92': 1.22,
  '78': 1.15,
  '94': 1.12,
  '93': 1.08,
  '06': 1.14,
  '74': 1.12,
  '2A': 1.08,
  '974': 1.18,
  '13': 1.04,
  '69': 1,
  '67': 0.99,
  '34': 0.98,
  '31': 0.97,
  '38': 0.97,
  '44': 0.96,
  '33': 0.95,
  '35': 0.95,
  '64': 0.94,
  '59': 0.93,
  '76': 0.93,
  '21': 0.92,
  '37': 0.92,
  '51': 0.92,
  '49': 0.91,
  '29': 0.9,
  '63': 0.9,
  '87': 0.88,
};
