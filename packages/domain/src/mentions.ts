import type { ClientType } from './project';

/**
 * The mandatory mentions of every document the platform prints, in ONE table (decision 1040):
 * document × client type × quote kind → mentions. The PDF renderers print each mention's first
 * marker as the label or sentence that carries it (`mentionMarker`), and a test renders every
 * combination, extracts the text and checks that every marker of `requiredMentions(…)` is there:
 * a mention cannot be in the PDF and not in the table, or the other way round.
 *
 * To add a document's rows (invoice, credit note), append rows with its `document`; leave
 * `clientTypes` / `quoteKinds` out when a row applies to every client / every kind, and give
 * `when` for a row that depends on a fact of the document (a reduced rate, a retenue…).
 */

export const MENTION_DOCUMENTS = ['devis', 'facture', 'avoir'] as const;
export type MentionDocument = (typeof MENTION_DOCUMENTS)[number];

/** A quote's kind (the contracts' `quoteKind`): building works, or repair/maintenance (arrêté du 24 janvier 2017). */
export const QUOTE_KINDS = ['travaux', 'depannage'] as const;
export type QuoteKindName = (typeof QUOTE_KINDS)[number];

/** The longest works duration a quote states, in days (ten years). */
export const WORKS_DURATION_MAX_DAYS = 3650;

/** What a document states beyond its client type and kind, that decides whether a mention is due. */
export interface MentionFacts {
  /** A line at 10 % or 5,5 %: the client's certification (CGI art. 279-0 bis, 278-0 bis A). */
  reducedTva?: boolean;
  /** A deposit is asked for. */
  deposit?: boolean;
  /** A retenue de garantie (loi 71-584) is withheld. */
  retention?: boolean;
  /** A repair the consumer asked to be done urgently at home (C. conso. L221-28 8°): no withdrawal. */
  urgentRepair?: boolean;
  /** Paid for (not free): the price of the quote. */
  paidQuote?: boolean;
}

export interface MentionRow {
  document: MentionDocument;
  /** Stable, unique across the table: `<document>.<what>`. */
  key: string;
  /** The text that asks for it, as a lawyer cites it. */
  basis: string;
  /** Texts the PDF's extracted text must contain (all of them); the first is what the PDF prints as its label. */
  markers: readonly string[];
  /** The clients it applies to; every client when absent. */
  clientTypes?: readonly ClientType[];
  /** The quote kinds it applies to; every kind when absent. */
  quoteKinds?: readonly QuoteKindName[];
  /** A condition on the document's facts; always when absent. */
  when?: (facts: MentionFacts) => boolean;
}

const CONSUMER: readonly ClientType[] = ['particulier'];
const BUSINESS: readonly ClientType[] = ['entreprise'];
const REPAIR: readonly QuoteKindName[] = ['depannage'];

/** Withdrawal applies to a consumer's distance contract (decision 1042) unless it is an urgent repair asked for. */
const withdrawable = (f: MentionFacts) => !f.urgentRepair;

export const MENTIONS: readonly MentionRow[] = [
  // ---- Devis (decisions 0520, 1040–1044) -------------------------------------------------------
  { document: 'devis', key: 'devis.title', basis: 'arrêté du 24 janvier 2017 art. 3 ; C. conso. L111-1', markers: ['DEVIS'] },
  { document: 'devis', key: 'devis.issue_date', basis: 'arrêté du 24 janvier 2017 art. 3 (date du devis)', markers: ['Date d’émission :'] },
  {
    document: 'devis',
    key: 'devis.validity',
    basis: 'C. conso. L111-1 ; arrêté du 24 janvier 2017 art. 3 (durée de validité de l’offre)',
    markers: ['Validité :'],
  },
  { document: 'devis', key: 'devis.issuer_siret', basis: 'C. com. R123-237 ; CGI art. 242 nonies A', markers: ['SIRET :', 'Siège :'] },
  {
    document: 'devis',
    key: 'devis.issuer_registry',
    basis: 'C. com. R123-237 ; loi 96-603 art. 19 (répertoire des métiers)',
    markers: ['Immatriculation (RCS ou RM) :'],
  },
  { document: 'devis', key: 'devis.site_address', basis: 'arrêté du 24 janvier 2017 art. 3 (adresse du chantier)', markers: ['ADRESSE DU CHANTIER'] },
  { document: 'devis', key: 'devis.lines', basis: 'arrêté du 24 janvier 2017 art. 3 (décompte détaillé, quantité et prix unitaire)', markers: ['Désignation'] },
  { document: 'devis', key: 'devis.works_start', basis: 'C. conso. L111-1 3° et L216-1 (date ou délai d’exécution)', markers: ['Exécution des travaux :'] },
  { document: 'devis', key: 'devis.total_ht', basis: 'C. conso. L112-1 ; arrêté du 24 janvier 2017 art. 3 (somme globale HT)', markers: ['Total HT'] },
  { document: 'devis', key: 'devis.tva_per_rate', basis: 'CGI art. 242 nonies A ; arrêté du 24 janvier 2017 art. 3', markers: ['Total TVA'] },
  { document: 'devis', key: 'devis.ttc_per_rate', basis: 'arrêté du 24 janvier 2017 art. 3 (somme TTC par taux de TVA)', markers: ['Total TTC à '] },
  { document: 'devis', key: 'devis.total_ttc', basis: 'C. conso. L112-1 ; arrêté du 24 janvier 2017 art. 3 (somme globale TTC)', markers: ['Total TTC'] },
  { document: 'devis', key: 'devis.payment_terms', basis: 'C. conso. L111-1 ; C. com. L441-1', markers: ['Conditions de paiement :'] },
  { document: 'devis', key: 'devis.late_penalties', basis: 'C. com. L441-10', markers: ['Pénalités de retard :'] },
  {
    document: 'devis',
    key: 'devis.recovery_fee',
    basis: 'C. com. L441-10 et D441-5',
    markers: ['Indemnité forfaitaire pour frais de recouvrement'],
    clientTypes: BUSINESS,
  },
  { document: 'devis', key: 'devis.deposit', basis: 'C. conso. L214-1 (acompte)', markers: ['Acompte'], when: (f) => !!f.deposit },
  {
    document: 'devis',
    key: 'devis.retention',
    basis: 'loi 71-584 du 16 juillet 1971 art. 1er',
    markers: ['Retenue de garantie', 'loi n° 71-584'],
    when: (f) => !!f.retention,
  },
  {
    document: 'devis',
    key: 'devis.quote_price',
    basis: 'arrêté du 24 janvier 2017 art. 3 (caractère gratuit ou payant du devis)',
    markers: ['Prix du devis :'],
  },
  {
    document: 'devis',
    key: 'devis.decennale',
    basis: 'loi 96-603 art. 22-2 ; C. assur. L241-1 et L243-2',
    markers: ['Assurance responsabilité civile décennale :'],
  },
  { document: 'devis', key: 'devis.rc_pro', basis: 'loi 96-603 art. 22-2', markers: ['Assurance responsabilité civile professionnelle :'] },
  { document: 'devis', key: 'devis.insurer_address', basis: 'loi 96-603 art. 22-2 (coordonnées de l’assureur)', markers: ['Coordonnées de l’assureur :'] },
  { document: 'devis', key: 'devis.insurance_coverage', basis: 'loi 96-603 art. 22-2 (couverture géographique)', markers: ['couverture géographique :'] },
  {
    document: 'devis',
    key: 'devis.mediator',
    basis: 'C. conso. L616-1 et R616-1 (médiateur de la consommation)',
    markers: ['Médiateur de la consommation :'],
    clientTypes: CONSUMER,
  },
  {
    document: 'devis',
    key: 'devis.withdrawal_info',
    basis: 'C. conso. L221-5 2° et L221-18 (délai de rétractation de quatorze jours) ; L221-25',
    markers: ['Droit de rétractation', 'quatorze jours', 'L221-18'],
    clientTypes: CONSUMER,
    when: withdrawable,
  },
  {
    document: 'devis',
    key: 'devis.withdrawal_form',
    basis: 'C. conso. L221-5 2° et annexe à l’article R221-1 (formulaire type de rétractation)',
    markers: ['Formulaire de rétractation', 'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation'],
    clientTypes: CONSUMER,
    when: withdrawable,
  },
  {
    document: 'devis',
    key: 'devis.no_withdrawal_urgent',
    basis: 'C. conso. L221-28 8° et L221-5 2° (absence de droit de rétractation)',
    markers: ['Absence de droit de rétractation', 'L221-28'],
    clientTypes: CONSUMER,
    when: (f) => !!f.urgentRepair,
  },
  {
    document: 'devis',
    key: 'devis.repair_travel',
    basis: 'arrêté du 24 janvier 2017 art. 3 (frais de déplacement)',
    markers: ['Frais de déplacement :'],
    quoteKinds: REPAIR,
  },
  {
    document: 'devis',
    key: 'devis.repair_hourly',
    basis: 'arrêté du 24 janvier 2017 art. 2 et 3 (taux horaire TTC)',
    markers: ['Taux horaire'],
    quoteKinds: REPAIR,
  },
  {
    document: 'devis',
    key: 'devis.replaced_parts',
    basis: 'arrêté du 24 janvier 2017 art. 5 (pièces remplacées)',
    markers: ['Les pièces, éléments ou appareils remplacés sont restitués au client'],
    quoteKinds: REPAIR,
  },
  {
    document: 'devis',
    key: 'devis.received_before_works',
    basis: 'usage de l’arrêté du 2 mars 1990 (abrogé par celui du 24 janvier 2017), conservé (decision 1043)',
    markers: ['Devis reçu avant l’exécution des travaux'],
    quoteKinds: REPAIR,
  },
  {
    document: 'devis',
    key: 'devis.reduced_tva',
    basis: 'CGI art. 279-0 bis et 278-0 bis A',
    markers: ['Certification du client (TVA à taux réduit)'],
    when: (f) => !!f.reducedTva,
  },
  {
    document: 'devis',
    key: 'devis.acceptance',
    basis: 'C. civ. art. 1113 et 1367 (acceptation et signature)',
    markers: ['Bon pour accord', 'Date de signature :'],
  },

  // ---- Factures (decisions 0703, 1050–1052): deposit, situation and balance alike ---------------
  { document: 'facture', key: 'facture.number', basis: 'CGI ann. II art. 242 nonies A I-3° (numéro unique, séquence continue)', markers: ['N° F-'] },
  { document: 'facture', key: 'facture.issue_date', basis: 'CGI ann. II art. 242 nonies A I-2° (date de délivrance)', markers: ['Date d’émission :'] },
  {
    document: 'facture',
    key: 'facture.service_date',
    basis: 'CGI ann. II art. 242 nonies A I-7° (date ou période de la prestation) ; C. com. L441-9',
    markers: ['Date ou période de la prestation :'],
  },
  { document: 'facture', key: 'facture.due_date', basis: 'C. com. L441-9 (date à laquelle le règlement doit intervenir)', markers: ['Date d’échéance :'] },
  { document: 'facture', key: 'facture.issuer_siret', basis: 'CGI ann. II art. 242 nonies A I-1° et 4° ; C. com. R123-237', markers: ['SIRET :'] },
  {
    document: 'facture',
    key: 'facture.client_siren',
    basis: 'CGI art. 242 nonies A, réforme de la facturation électronique (SIREN du client)',
    markers: ['SIREN :'],
    clientTypes: BUSINESS,
  },
  {
    document: 'facture',
    key: 'facture.operation_nature',
    basis: 'CGI ann. II art. 242 nonies A I-18° (nature de l’opération)',
    markers: ['Nature de l’opération :'],
  },
  {
    document: 'facture',
    key: 'facture.tva_per_rate',
    basis: 'CGI ann. II art. 242 nonies A I-9° à 11° (base et taxe par taux)',
    markers: ['Total HT', 'Total TVA'],
  },
  { document: 'facture', key: 'facture.total_ttc', basis: 'CGI ann. II art. 242 nonies A I-11°', markers: ['Total TTC'] },
  { document: 'facture', key: 'facture.no_discount', basis: 'C. com. L441-9 (conditions d’escompte)', markers: ['Escompte pour paiement anticipé'] },
  { document: 'facture', key: 'facture.late_penalties', basis: 'C. com. L441-9 (taux des pénalités de retard)', markers: ['Pénalités de retard'] },
  {
    document: 'facture',
    key: 'facture.late_rate_business',
    basis: 'C. com. L441-10 (au moins trois fois le taux de l’intérêt légal ; à défaut, taux BCE majoré de 10 points)',
    markers: ['art. L441-10 du code de commerce'],
    clientTypes: BUSINESS,
  },
  {
    document: 'facture',
    key: 'facture.recovery_fee',
    basis: 'C. com. L441-10 et D441-5 (entre professionnels seulement)',
    markers: ['Indemnité forfaitaire pour frais de recouvrement'],
    clientTypes: BUSINESS,
  },
  { document: 'facture', key: 'facture.retention', basis: 'loi 71-584 du 16 juillet 1971 art. 1er', markers: ['loi n° 71-584'], when: (f) => !!f.retention },
  {
    document: 'facture',
    key: 'facture.decennale',
    basis: 'loi 96-603 art. 22-2 (assurance sur devis et factures)',
    markers: ['Assurance responsabilité civile décennale'],
  },

  // ---- Avoirs (decisions 0702, 1050): the invoice they rectify, by number and date ---------------
  { document: 'avoir', key: 'avoir.title', basis: 'CGI ann. II art. 242 nonies A (document rectificatif)', markers: ['AVOIR'] },
  { document: 'avoir', key: 'avoir.number', basis: 'CGI ann. II art. 242 nonies A I-3° (numéro unique, séquence continue)', markers: ['N° AV-'] },
  { document: 'avoir', key: 'avoir.issue_date', basis: 'CGI ann. II art. 242 nonies A I-2°', markers: ['Date d’émission :'] },
  {
    document: 'avoir',
    key: 'avoir.original_invoice',
    basis: 'CGI art. 272 et ann. II art. 242 nonies A (référence de la facture rectifiée)',
    markers: ['Facture d’origine :'],
  },
  { document: 'avoir', key: 'avoir.reason', basis: 'CGI art. 272 (motif de la réduction de prix ou de l’annulation)', markers: ['Motif'] },
  { document: 'avoir', key: 'avoir.issuer_siret', basis: 'CGI ann. II art. 242 nonies A I-1° et 4°', markers: ['SIRET :'] },
  {
    document: 'avoir',
    key: 'avoir.client_siren',
    basis: 'CGI art. 242 nonies A, réforme de la facturation électronique (SIREN du client)',
    markers: ['SIREN :'],
    clientTypes: BUSINESS,
  },
  {
    document: 'avoir',
    key: 'avoir.tva_per_rate',
    basis: 'CGI ann. II art. 242 nonies A I-9° à 11° ; CGI art. 272 (TVA à régulariser)',
    markers: ['Total HT', 'Total TVA'],
  },
  { document: 'avoir', key: 'avoir.total_ttc', basis: 'CGI ann. II art. 242 nonies A I-11°', markers: ['Montant de l’avoir TTC'] },
];

/** The rows of the table that apply to this document, client type, quote kind and facts, in table order. */
export function requiredMentions(document: MentionDocument, clientType: ClientType, quoteKind: QuoteKindName, facts: MentionFacts = {}): MentionRow[] {
  return MENTIONS.filter(
    (m) =>
      m.document === document &&
      (!m.clientTypes || m.clientTypes.includes(clientType)) &&
      (!m.quoteKinds || m.quoteKinds.includes(quoteKind)) &&
      (!m.when || m.when(facts)),
  );
}

/** The row of a key (a typo is a programming error: it throws). */
export function mention(key: string): MentionRow {
  const row = MENTIONS.find((m) => m.key === key);
  if (!row) throw new RangeError(`Mention inconnue : ${key}`);
  return row;
}

/** The text a PDF prints for a mention: its first marker. */
export function mentionMarker(key: string, index = 0): string {
  const marker = mention(key).markers[index];
  if (marker === undefined) throw new RangeError(`Mention ${key} : pas de repère n° ${index}`);
  return marker;
}

/** Whether the mention applies (so the PDF prints it exactly when the table asks for it). */
export function mentionApplies(key: string, clientType: ClientType, quoteKind: QuoteKindName, facts: MentionFacts = {}): boolean {
  return requiredMentions(mention(key).document, clientType, quoteKind, facts).some((m) => m.key === key);
}
