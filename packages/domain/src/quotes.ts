import { addDays, compareCalendarDates, formatCalendarDate, isNonWorkingDay, type CalendarDate } from './calendar';
import { computeQuoteTotals, percentOf, type QuoteLotInput, type Totals } from './money';
import { refusal, type Refusal } from './refusal';
/**
 * Quotes (devis, DESIGN §4, decision 0510): statuses and their transitions, validity, the
 * reduced-TVA certification, the mandatory mentions a quote cannot be sent without, versions and
 * what changed between two of them. Pure functions shared by the API and the web.
 */

/**
 * `Brouillon` → `Envoyé` → `Accepté` (→ `Signé` with the e-signature of issue 10) → `Validé` by the
 * architect (a contract: the only state that can be invoiced). `Refusé` by the client with a reason,
 * `Expiré` past its validity date, `Annulé` by its issuer before validation, `Remplacé` when a newer
 * version of the same quote has been sent. `Rétracté` when the consumer withdrew within 14 days of
 * signing (C. conso. L221-18, decision 1053): the signature is kept, nothing is invoiced.
 */
export const QUOTE_STATUSES = ['Brouillon', 'Envoyé', 'Accepté', 'Signé', 'Validé', 'Refusé', 'Expiré', 'Annulé', 'Remplacé', 'Rétracté'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return typeof value === 'string' && (QUOTE_STATUSES as readonly string[]).includes(value);
}

/** What someone does to a quote. */
export type QuoteAction = 'edit' | 'send' | 'accept' | 'refuse' | 'sign' | 'cancel' | 'validate' | 'new-version' | 'delete';

/** From which statuses each action may start. */
const ALLOWED_FROM: Record<QuoteAction, readonly QuoteStatus[]> = {
  edit: ['Brouillon'],
  delete: ['Brouillon'],
  send: ['Brouillon'],
  accept: ['Envoyé'],
  refuse: ['Envoyé'],
  // The e-signature completes an accepted quote (issue 10).
  sign: ['Accepté'],
  // Before the architect validated it into a contract.
  cancel: ['Brouillon', 'Envoyé', 'Accepté', 'Signé'],
  // Only a quote the client signed electronically becomes a contract (issue 10, decision 0646).
  validate: ['Signé'],
  // A sent quote is read-only: changing it makes a new version, also after a refusal or its expiry.
  'new-version': ['Envoyé', 'Refusé', 'Expiré'],
};

const ACTION_MESSAGES: Record<QuoteAction, string> = {
  edit: 'Ce devis n’est plus un brouillon : il ne peut plus être modifié. Créez-en une nouvelle version.',
  delete: 'Seul un brouillon peut être supprimé.',
  send: 'Ce devis a déjà été envoyé.',
  accept: 'Ce devis ne peut plus être accepté.',
  refuse: 'Ce devis ne peut plus être refusé.',
  sign: 'Seul un devis accepté peut être signé.',
  cancel: 'Ce devis ne peut plus être annulé.',
  validate: 'Seul un devis signé par le client peut être validé en contrat.',
  'new-version': 'Une nouvelle version ne peut être créée qu’à partir d’un devis envoyé, refusé ou expiré.',
};

/** Why `action` cannot be done on a quote in `status` (409 with a code per action), or null. */
export function quoteTransitionRefusal(status: QuoteStatus, action: QuoteAction): Refusal | null {
  if (ALLOWED_FROM[action].includes(status)) return null;
  const code = `QUOTE_${action.toUpperCase().replace('-', '_')}_NOT_ALLOWED`;
  return refusal(code, `${ACTION_MESSAGES[action]} (statut : ${status})`, { status }, 409);
}

/** Withdrawal period of a consumer's distance or off-premises contract (C. conso. L221-18). */
export const WITHDRAWAL_DAYS = 14;

/**
 * The last day a consumer may withdraw: 14 days after the day of signature (the day itself does not
 * count, L221-19), carried to the next working day when it falls on a Saturday, a Sunday or a public holiday.
 */
export function withdrawalDeadline(signedOn: CalendarDate): CalendarDate {
  // A period ending on a Saturday, a Sunday or a public holiday runs to the next working day (L221-19).
  let last = addDays(signedOn, WITHDRAWAL_DAYS);
  while (isNonWorkingDay(last)) last = addDays(last, 1);
  return last;
}

export interface WithdrawalFacts {
  status: QuoteStatus;
  /** The project's client is a consumer (not « entreprise »). */
  consumer: boolean;
  /** A repair the consumer asked to be done urgently (L221-28 8°): no withdrawal. */
  urgentRepair: boolean;
  /** The Paris day the client signed; null if never signed. */
  signedOn: CalendarDate | null;
}

/**
 * Why the client cannot withdraw from this quote today, or null (decision 1053). Every quote is
 * signed online (a distance contract, decision 1042), so the period applies to every consumer's
 * signed quote except an urgent repair the consumer asked for.
 */
export function quoteWithdrawalRefusal(q: WithdrawalFacts, today: CalendarDate): Refusal | null {
  if (q.status === 'Rétracté') return refusal('QUOTE_ALREADY_WITHDRAWN', 'Vous vous êtes déjà rétracté de ce devis.', {}, 409);
  if ((q.status !== 'Signé' && q.status !== 'Validé') || !q.signedOn) {
    return refusal(
      'QUOTE_WITHDRAWAL_NOT_SIGNED',
      `Seul un devis signé peut faire l’objet d’une rétractation (statut : ${q.status}).`,
      { status: q.status },
      409,
    );
  }
  if (!q.consumer)
    return refusal('QUOTE_WITHDRAWAL_BUSINESS', 'Le droit de rétractation est réservé aux consommateurs : ce devis a été signé pour une entreprise.', {}, 409);
  if (q.urgentRepair) {
    return refusal(
      'QUOTE_WITHDRAWAL_URGENT_REPAIR',
      'Pas de rétractation pour une réparation urgente demandée par le client (art. L221-28 8° du code de la consommation).',
      {},
      409,
    );
  }
  const deadline = withdrawalDeadline(q.signedOn);
  if (compareCalendarDates(today, deadline) > 0) {
    return refusal('QUOTE_WITHDRAWAL_EXPIRED', `Le délai de rétractation a pris fin le ${formatCalendarDate(deadline)}.`, { date: deadline }, 409);
  }
  return null;
}

/** Whether the client may withdraw today (the web shows the button from it). */
export const canWithdraw = (q: WithdrawalFacts, today: CalendarDate): boolean => quoteWithdrawalRefusal(q, today) === null;

/** Quotes the client may still answer. */
export function isOpenQuote(status: QuoteStatus): boolean {
  return status === 'Envoyé';
}

export const DEFAULT_VALIDITY_DAYS = 30;
export const VALIDITY_DAYS_LIMITS = { min: 1, max: 365 } as const;
export const DEFAULT_DEPOSIT_BP = 3000;
/** Retenue de garantie: none or at most 5 % (loi 71-584). */
export const MAX_RETENTION_BP = 500;
export const QUOTE_REASON_LIMITS = { min: 3, max: 1000 } as const;
export const MAX_QUOTE_LOTS = 50;
export const MAX_QUOTE_LINES = 1000;

/** The last day a quote sent on `sentOn` can be accepted (Paris calendar). */
export function quoteValidUntil(sentOn: CalendarDate, validityDays: number): CalendarDate {
  return addDays(sentOn, validityDays);
}

/** Past its validity date (the whole last day still counts). */
export function isQuoteExpired(validUntil: CalendarDate | null, today: CalendarDate): boolean {
  return validUntil !== null && today > validUntil;
}

/** The status a quote really has today: a sent quote past its validity date is `Expiré`. */
export function effectiveQuoteStatus(q: { status: QuoteStatus; validUntil: CalendarDate | null }, today: CalendarDate): QuoteStatus {
  return q.status === 'Envoyé' && isQuoteExpired(q.validUntil, today) ? 'Expiré' : q.status;
}

/** `D-2026-0007` and version 2 → `D-2026-0007 v2`; the first version has no suffix; a draft never sent has no number. */
export function quoteVersionLabel(number: string | null, version: number): string {
  const base = number ?? 'Brouillon';
  return version > 1 ? `${base} v${version}` : base;
}

// ---------------------------------------------------------------------------------------------
// Totals with the options the client takes
// ---------------------------------------------------------------------------------------------

/** A line as quotes store it: its id lets the client name the options they take. */
export interface StoredQuoteLine {
  id: number;
  optional: boolean;
}

/**
 * The quote's totals when the client takes `chosenOptionIds` among its optional lines: chosen
 * options count like any line, the others do not. Without choices, the totals of the quote as sent.
 */
export function totalsWithOptions<L extends QuoteLotInput['lines'][number] & StoredQuoteLine>(
  lots: ReadonlyArray<{ title: string; lines: readonly L[] }>,
  chosenOptionIds: readonly number[] = [],
): Totals & { lots: Array<{ title: string; subtotalHtCents: number }> } {
  const chosen = new Set(chosenOptionIds);
  return computeQuoteTotals(
    lots.map((lot) => ({ title: lot.title, lines: lot.lines.map((line) => ({ ...line, optional: line.optional && !chosen.has(line.id) })) })),
  );
}

/** The deposit asked at signature: a percentage of the TTC total, rounded to the cent. */
export function depositCents(totalTtcCents: number, depositBp: number): number {
  return percentOf(totalTtcCents, depositBp);
}

/** Option ids the client may choose: they must all be optional lines of the quote. */
export function chosenOptionsRefusal(optionalIds: readonly number[], chosen: readonly number[]): Refusal | null {
  const allowed = new Set(optionalIds);
  const unknown = chosen.filter((id) => !allowed.has(id));
  if (unknown.length) return refusal('QUOTE_OPTION_UNKNOWN', 'Une option choisie n’appartient pas à ce devis.', { ids: unknown.join(', ') }, 400);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reduced TVA certification (loi de finances 2025, BOI-LETTRE-000280)
// ---------------------------------------------------------------------------------------------

/**
 * Since 1 February 2025 the client no longer fills an attestation form for 10 % or 5,5 % TVA:
 * the quote or the invoice carries this certification, which the client signs (CGI art. 279-0 bis,
 * 278-0 bis A; BOI-TVA-LIQ-30-20-95, model of BOI-LETTRE-000280). The wording follows the model.
 */
export const REDUCED_TVA_CERTIFICATION =
  'En signant ce devis, le client certifie que les travaux réalisés portent sur un immeuble achevé depuis plus de deux ans ' +
  'à la date de commencement des travaux et affecté à l’habitation, et qu’ils n’ont pas pour effet, sur une période de deux ans au plus, ' +
  'de concourir à la production d’un immeuble neuf au sens du 2° du 2 du I de l’article 257 du CGI, ni d’entraîner une augmentation ' +
  'de la surface de plancher des locaux existants supérieure à 10 %. Le client conserve une copie de ce devis signé ainsi que les ' +
  'factures correspondantes jusqu’au 31 décembre de la cinquième année suivant la réalisation des travaux.';

/** Added to the certification when a line is at 5,5 % (energy renovation, CGI art. 278-0 bis A). */
export const REDUCED_TVA_CERTIFICATION_ENERGY =
  'Pour les travaux au taux de 5,5 %, le client certifie en outre qu’il s’agit de travaux d’amélioration de la qualité énergétique ' +
  'portant sur la fourniture, la pose, l’installation ou l’entretien des matériaux, équipements, appareils ou systèmes mentionnés ' +
  'à l’article 278-0 bis A du CGI, et des travaux induits qui leur sont indissociablement liés.';

/** The certification the quote carries, or null when no line is at a reduced rate. */
export function reducedTvaCertification(rates: readonly number[]): string | null {
  const reduced = rates.filter((r) => r === 1000 || r === 550);
  if (!reduced.length) return null;
  return reduced.includes(550) ? `${REDUCED_TVA_CERTIFICATION} ${REDUCED_TVA_CERTIFICATION_ENERGY}` : REDUCED_TVA_CERTIFICATION;
}

// ---------------------------------------------------------------------------------------------
// Mandatory mentions (code de commerce, CGI art. 242 nonies A, loi 96-603 art. 22-2, arrêté du 24 janvier 2017)
// ---------------------------------------------------------------------------------------------

/** What the issuer must have filled for a quote to be sent, with the profile facts that prove it. */
export interface IssuerMentions {
  name: string | null;
  legalForm: string | null;
  address: string | null;
  siret: string | null;
  rcsRm: string | null;
  /** Null for a micro-entrepreneur « TVA non applicable, art. 293 B du CGI »; then no rate other than 0. */
  tvaNumber: string | null;
  /** `insurerAddress`: the insurer's address (loi 96-603 art. 22-2, decision 1041). */
  decennale: {
    insurer: string | null;
    insurerAddress: string | null;
    policyNumber: string | null;
    coverage: string | null;
    validUntil: CalendarDate | null;
  } | null;
  rcPro: {
    insurer: string | null;
    insurerAddress: string | null;
    policyNumber: string | null;
    coverage: string | null;
    validUntil: CalendarDate | null;
  } | null;
}

/** Codes of the mentions, each with the sentence the sending screen shows. */
export const QUOTE_MENTIONS = {
  name: 'la raison sociale',
  legalForm: 'la forme juridique',
  address: 'l’adresse du siège',
  siret: 'le numéro SIRET',
  rcsRm: 'l’immatriculation au RCS ou au RM',
  tvaNumber: 'le numéro de TVA intracommunautaire',
  decennale: 'l’assurance décennale (assureur et son adresse, contrat, zone couverte)',
  decennaleValid: 'une assurance décennale valable aujourd’hui',
  rcPro: 'l’assurance RC professionnelle (assureur et son adresse, contrat, zone couverte)',
  clientAddress: 'l’adresse du client',
  siteAddress: 'l’adresse du chantier',
  lines: 'au moins une ligne chiffrée',
} as const;
export type QuoteMention = keyof typeof QUOTE_MENTIONS;

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;

/** The mandatory mentions still missing on the issuer's profile (decision 0510), in display order. */
export function missingIssuerMentions(issuer: IssuerMentions, today: CalendarDate): QuoteMention[] {
  const missing: QuoteMention[] = [];
  if (!filled(issuer.name)) missing.push('name');
  if (!filled(issuer.legalForm)) missing.push('legalForm');
  if (!filled(issuer.address)) missing.push('address');
  if (!filled(issuer.siret)) missing.push('siret');
  if (!filled(issuer.rcsRm)) missing.push('rcsRm');
  if (!filled(issuer.tvaNumber)) missing.push('tvaNumber');
  const d = issuer.decennale;
  if (!d || !filled(d.insurer) || !filled(d.insurerAddress) || !filled(d.policyNumber) || !filled(d.coverage)) missing.push('decennale');
  else if (d.validUntil && d.validUntil < today) missing.push('decennaleValid');
  const r = issuer.rcPro;
  if (!r || !filled(r.insurer) || !filled(r.insurerAddress) || !filled(r.policyNumber) || !filled(r.coverage)) missing.push('rcPro');
  return missing;
}

/** The refusal to send a quote while mentions are missing: the list travels in `params.missing`. */
export function missingMentionsRefusal(missing: readonly QuoteMention[]): Refusal | null {
  if (!missing.length) return null;
  const list = missing.map((m) => QUOTE_MENTIONS[m]).join(', ');
  return refusal('QUOTE_MENTIONS_MISSING', `Ce devis ne peut pas être envoyé : il manque ${list}.`, { missing: missing.join(','), list }, 409);
}

// ---------------------------------------------------------------------------------------------
// Versions: what changed between two
// ---------------------------------------------------------------------------------------------

export interface ComparableLine {
  lot: string;
  designation: string;
  quantityMilli: number;
  unit: string;
  unitPriceCents: number;
  tvaRateBp: number;
  discountBp: number;
  optional: boolean;
}

export type LineChange =
  | { kind: 'added'; line: ComparableLine }
  | { kind: 'removed'; line: ComparableLine }
  | { kind: 'changed'; before: ComparableLine; after: ComparableLine; fields: Array<keyof ComparableLine> };

const COMPARED_FIELDS: Array<keyof ComparableLine> = ['quantityMilli', 'unit', 'unitPriceCents', 'tvaRateBp', 'discountBp', 'optional'];

/**
 * What changed from `before` to `after`: lines are matched by lot and designation (the words a
 * client recognises); a matched line whose numbers differ is `changed`, the rest added or removed.
 */
export function diffQuoteLines(before: readonly ComparableLine[], after: readonly ComparableLine[]): LineChange[] {
  const key = (l: ComparableLine) => `${l.lot.trim().toLowerCase()}\u0000${l.designation.trim().toLowerCase()}`;
  const remaining = new Map<string, ComparableLine[]>();
  for (const line of before) remaining.set(key(line), [...(remaining.get(key(line)) ?? []), line]);
  const changes: LineChange[] = [];
  for (const line of after) {
    const candidates = remaining.get(key(line));
    const previous = candidates?.shift();
    if (!previous) {
      changes.push({ kind: 'added', line });
      continue;
    }
    const fields = COMPARED_FIELDS.filter((f) => previous[f] !== line[f]);
    if (fields.length) changes.push({ kind: 'changed', before: previous, after: line, fields });
  }
  for (const lines of remaining.values()) for (const line of lines) changes.push({ kind: 'removed', line });
  return changes;
}

/** A client cannot cancel a project on which they signed a quote: the contract binds both parties. */
export function projectQuoteSignedRefusal(quoteNumber: string): Refusal {
  return refusal(
    'PROJECT_QUOTE_SIGNED',
    `Le devis ${quoteNumber} est signé : le projet ne peut plus être annulé depuis votre espace. Contactez le professionnel ou notre équipe.`,
    { number: quoteNumber },
  );
}
