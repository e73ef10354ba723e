import { formatParisDateTime } from './calendar';
import { refusal, type Refusal } from './refusal';
/**
 * Tenders (offres, DESIGN §4): statuses, the answer rules, and the matching that ranks
 * professionals for a project. Pure functions shared by the API and the web.
 */

/**
 * `Disponible` → `Acceptée` | `Refusée` (with a reason) | `Expirée` (deadline passed) |
 * `Clôturée` (N professionals accepted, or the project closed) | `Retirée` (withdrawn by the admin).
 */
export const TENDER_STATUSES = ['Disponible', 'Acceptée', 'Refusée', 'Expirée', 'Clôturée', 'Retirée'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** Spec §4: a tender is a draft (`"0"`) or sent (`"1"`). */
export const TENDER_VALIDATIONS = ['0', '1'] as const;
export type TenderValidation = (typeof TENDER_VALIDATIONS)[number];

export function isTenderStatus(value: unknown): value is TenderStatus {
  return typeof value === 'string' && (TENDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The effective statuses of a sent tender that let its professional read the project's files
 * (decision 0440): still to answer, or accepted. Refused, withdrawn, expired or closed: no more.
 */
export const TENDER_STATUSES_WITH_PROJECT_FILES = ['Disponible', 'Acceptée'] as const satisfies readonly TenderStatus[];

/** Spec §4: a tender is available when its status is "Disponible" and its validation "1". */
export function isAvailableTender(t: { status: string; validation: string }): boolean {
  return t.status === 'Disponible' && t.validation === '1';
}

/** How many professionals may accept one project unless the admin changed the setting. */
export const DEFAULT_MAX_ACCEPTANCES = 3;
export const DEFAULT_REPLY_DAYS = 7;
/** A reply deadline is at least one hour and at most 60 days ahead when the tender is sent. */
export const REPLY_DEADLINE_LIMITS = { minMinutes: 60, maxDays: 60 } as const;
export const REFUSAL_REASON_LIMITS = { min: 3, max: 1000 } as const;
export const ADMIN_MESSAGE_MAX = 2000;
/** At most this many professionals in one sending. */
export const MAX_TENDERS_PER_SENDING = 50;

/** Project states in which a project can be put out to tender (DESIGN §4). */
export const TENDERABLE_PROJECT_STATES = ['Validé', 'En consultation'] as const;

export function canSendTenders(projectState: string): boolean {
  return (TENDERABLE_PROJECT_STATES as readonly string[]).includes(projectState);
}

/**
 * The status a tender really has at `now`: past its deadline an unanswered tender is `Expirée`,
 * and on a cancelled or finished project it is `Clôturée` — without anyone acting. The API
 * computes the same in SQL for lists and persists it with a periodic sweep.
 */
export function effectiveTenderStatus(t: { status: string; replyDeadline: Date | string; projectState?: string | null }, now: Date = new Date()): TenderStatus {
  const status = isTenderStatus(t.status) ? t.status : 'Disponible';
  if (status !== 'Disponible') return status;
  if (t.projectState === 'Annulé' || t.projectState === 'Terminé') return 'Clôturée';
  if (new Date(t.replyDeadline).getTime() <= now.getTime()) return 'Expirée';
  return 'Disponible';
}

/** Why an answer (accept or refuse) is refused, as a refusal for the 409; null when it may be given. */
export function answerRefusal(
  t: { status: string; validation: string; replyDeadline: Date | string; projectState?: string | null },
  now: Date = new Date(),
): Refusal | null {
  if (t.validation !== '1') return refusal('TENDER_NOT_SENT', "Cet appel d'offre n'a pas été envoyé.");
  const status = effectiveTenderStatus(t, now);
  switch (status) {
    case 'Disponible':
      return null;
    case 'Acceptée':
      return refusal('TENDER_ALREADY_ACCEPTED', 'Vous avez déjà accepté cet appel d’offre.');
    case 'Refusée':
      return refusal('TENDER_ALREADY_REFUSED', 'Vous avez déjà refusé cet appel d’offre.');
    case 'Expirée': {
      const deadline = new Date(t.replyDeadline);
      return refusal('TENDER_EXPIRED', `Le délai de réponse de cet appel d’offre est dépassé (${formatParisDateTime(deadline)}).`, {
        deadline: deadline.toISOString(),
      });
    }
    case 'Clôturée':
      return t.projectState === 'Annulé' || t.projectState === 'Terminé'
        ? refusal('TENDER_PROJECT_CLOSED', `Cet appel d’offre est clôturé : le projet est « ${t.projectState} ».`, { state: t.projectState })
        : refusal('TENDER_CLOSED', 'Cet appel d’offre est clôturé : le nombre maximal de professionnels a déjà accepté ce projet.');
    case 'Retirée':
      return refusal('TENDER_WITHDRAWN', 'Cet appel d’offre a été retiré par l’équipe Ouvrage.');
  }
}

/** Why the admin may not withdraw a tender (only an available one can be); null when allowed. */
export function withdrawalRefusal(t: { status: string; replyDeadline: Date | string; projectState?: string | null }, now = new Date()): Refusal | null {
  const status = effectiveTenderStatus(t, now);
  if (status === 'Disponible') return null;
  if (status === 'Retirée') return refusal('TENDER_ALREADY_WITHDRAWN', 'Cet appel d’offre est déjà retiré.');
  return refusal('TENDER_NOT_WITHDRAWABLE', `Seul un appel d’offre « Disponible » peut être retiré ; celui-ci est « ${status} ».`, { status });
}

/** A tender to the same professional may be sent again only once the previous one is over unanswered. */
export function canResendTender(previousStatus: TenderStatus): boolean {
  return previousStatus === 'Retirée' || previousStatus === 'Expirée';
}

export function checkRefusalReason(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v.length < REFUSAL_REASON_LIMITS.min) return 'Indiquez la raison du refus (au moins 3 caractères).';
  if (v.length > REFUSAL_REASON_LIMITS.max) return `La raison du refus ne peut pas dépasser ${REFUSAL_REASON_LIMITS.max} caractères.`;
  return null;
}

/** The deadline must lie between one hour and 60 days from now. */
export function checkReplyDeadline(deadline: Date, now: Date = new Date()): string | null {
  if (Number.isNaN(deadline.getTime())) return 'La date limite de réponse est invalide.';
  if (deadline.getTime() < now.getTime() + REPLY_DEADLINE_LIMITS.minMinutes * 60_000) {
    return 'La date limite de réponse doit être au moins une heure après maintenant.';
  }
  if (deadline.getTime() > now.getTime() + REPLY_DEADLINE_LIMITS.maxDays * 86_400_000) {
    return `La date limite de réponse ne peut pas dépasser ${REPLY_DEADLINE_LIMITS.maxDays} jours.`;
  }
  return null;
}

export function defaultReplyDeadline(now: Date = new Date(), days = DEFAULT_REPLY_DAYS): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/** After this acceptance, do the remaining available tenders of the project close? */
export function closesRemainingTenders(acceptedIncludingThis: number, maxAcceptances: number): boolean {
  return acceptedIncludingThis >= maxAcceptances;
}

// ---------------------------------------------------------------------------------------------
// Matching: which validated professionals fit a project, and why
// ---------------------------------------------------------------------------------------------

/** Trades (profession slugs) that do the works of each project category. */
export const CATEGORY_TRADES: Record<string, readonly string[]> = {
  construction: ['entreprise-generale', 'macon', 'terrassier', 'charpentier', 'couvreur', 'architecte', 'bureau-etudes', 'dessinateur-projeteur'],
  extension: ['entreprise-generale', 'macon', 'charpentier', 'menuisier', 'couvreur', 'architecte', 'dessinateur-projeteur', 'bureau-etudes'],
  renovation: [
    'entreprise-generale',
    'plombier',
    'electricien',
    'menuisier',
    'plaquiste',
    'peintre',
    'carreleur',
    'chauffagiste',
    'facadier',
    'macon',
    'architecte-interieur',
    'architecte',
    'diagnostiqueur',
  ],
  surelevation: ['entreprise-generale', 'charpentier', 'macon', 'couvreur', 'bureau-etudes', 'architecte', 'dessinateur-projeteur'],
};

const DESIGN_TRADES = ['architecte', 'architecte-interieur', 'dessinateur-projeteur', 'bureau-etudes'];
const WORKS_TRADES = [
  'entreprise-generale',
  'macon',
  'plombier',
  'electricien',
  'menuisier',
  'couvreur',
  'plaquiste',
  'peintre',
  'carreleur',
  'chauffagiste',
  'charpentier',
  'terrassier',
  'facadier',
];

/** Trades that give the kind of help the client asked for (`support`). */
export const SUPPORT_TRADES: Record<string, readonly string[]> = {
  'Conception et plans': DESIGN_TRADES,
  'Permis de construire': ['architecte', 'dessinateur-projeteur', 'bureau-etudes'],
  'Réalisation des travaux': WORKS_TRADES,
  'Projet clé en main': ['entreprise-generale', 'architecte'],
};

export interface MatchProject {
  categoryId: number;
  categorySlug: string;
  bienId: number;
  support: string;
  departement: string;
  budgetMinCents: number;
  budgetMaxCents: number | null;
  typeClient: string;
}

export type MatchZone =
  | { kind: 'departement'; departement: string }
  /** `distanceKm`: from the zone's commune to the project's commune; null when a coordinate is missing. */
  | { kind: 'commune'; communeName: string; departement: string; radiusKm: number; distanceKm: number | null };

export interface MatchProfessional {
  professionSlug: string | null;
  professionName: string | null;
  /** Services the professional offers, with the trade each belongs to. */
  services: ReadonlyArray<{ slug: string; name: string; professionSlug: string | null }>;
  zones: readonly MatchZone[];
  categoryIds: readonly number[];
  bienIds: readonly number[];
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  clientTypes: readonly string[];
}

export type MatchReasonCode =
  | 'zone_departement'
  | 'zone_radius'
  | 'zone_outside'
  | 'zone_none'
  | 'profession_category'
  | 'profession_support'
  | 'profession_other'
  | 'profession_missing'
  | 'services'
  | 'pref_category'
  | 'pref_category_other'
  | 'pref_bien'
  | 'pref_bien_other'
  | 'pref_budget'
  | 'pref_budget_outside'
  | 'pref_client_type'
  | 'pref_client_type_other';

export interface MatchReason {
  code: MatchReasonCode;
  /** Positive: a reason to choose them; negative: a reason against. */
  points: number;
  /** Values for the sentence (département, commune, distance, trade…). */
  params: Record<string, string | number>;
  /** The French sentence shown to the admin. */
  label: string;
}

export interface MatchResult {
  /** The professional's intervention zone covers the project: only those are suggested by default. */
  inZone: boolean;
  score: number;
  reasons: MatchReason[];
}

const km = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(n);

function reason(code: MatchReasonCode, points: number, label: string, params: Record<string, string | number> = {}): MatchReason {
  return { code, points, params, label };
}

/** The best zone of the professional for the project: a whole département, or the nearest commune radius. */
export function zoneCoverage(project: Pick<MatchProject, 'departement'>, zones: readonly MatchZone[]): MatchReason {
  if (zones.length === 0) return reason('zone_none', 0, "Aucune zone d'intervention renseignée.");
  const dept = zones.find((z) => z.kind === 'departement' && z.departement === project.departement);
  if (dept) return reason('zone_departement', 30, `Intervient dans tout le département ${project.departement}.`, { departement: project.departement });
  let best: Extract<MatchZone, { kind: 'commune' }> | undefined;
  for (const z of zones) {
    if (z.kind !== 'commune' || z.distanceKm === null || z.distanceKm > z.radiusKm) continue;
    if (!best || (z.distanceKm as number) < (best.distanceKm as number)) best = z;
  }
  if (best) {
    const distance = Math.round(best.distanceKm as number);
    // Nearer is better: up to 5 more points when the project sits close to the zone's centre.
    const bonus = best.radiusKm > 0 ? Math.round(5 * (1 - (best.distanceKm as number) / best.radiusKm)) : 5;
    return reason('zone_radius', 30 + bonus, `À ${km(distance)} km de ${best.communeName} (rayon de ${best.radiusKm} km).`, {
      distance,
      commune: best.communeName,
      radius: best.radiusKm,
    });
  }
  return reason('zone_outside', 0, "Le projet est hors de ses zones d'intervention.");
}

/**
 * Score a professional for a project (0–100) and say why. Zone: 30–35; trade suited to the
 * category: 25, to the help asked: 15; matching services: 5 each up to 15; preferences: category
 * ±10, good ±5, budget ±10, client type ±5 (nothing when the preference is not set).
 */
export function matchProfessional(project: MatchProject, pro: MatchProfessional): MatchResult {
  const reasons: MatchReason[] = [];
  const zone = zoneCoverage(project, pro.zones);
  reasons.push(zone);
  const inZone = zone.code === 'zone_departement' || zone.code === 'zone_radius';

  const categoryTrades = CATEGORY_TRADES[project.categorySlug] ?? [];
  const supportTrades = SUPPORT_TRADES[project.support] ?? [];
  if (!pro.professionSlug) {
    reasons.push(reason('profession_missing', 0, 'Métier non renseigné.'));
  } else {
    const name = pro.professionName ?? pro.professionSlug;
    const forCategory = categoryTrades.includes(pro.professionSlug);
    const forSupport = supportTrades.includes(pro.professionSlug);
    // The slugs let the interface name the trade and services in the reader's language.
    const profession = { profession: name, profession_slug: pro.professionSlug };
    if (forCategory) reasons.push(reason('profession_category', 25, `Métier adapté à ce type de projet : ${name}.`, profession));
    if (forSupport)
      reasons.push(
        reason('profession_support', 15, `Métier adapté à l'accompagnement demandé (${project.support}) : ${name}.`, {
          ...profession,
          support: project.support,
        }),
      );
    if (!forCategory && !forSupport) reasons.push(reason('profession_other', 0, `Métier peu lié à ce projet : ${name}.`, profession));
  }
  const relevant = pro.services.filter((s) => s.professionSlug && (categoryTrades.includes(s.professionSlug) || supportTrades.includes(s.professionSlug)));
  if (relevant.length > 0) {
    const shown = relevant.slice(0, 4);
    const names = shown.map((s) => s.name).join(', ');
    const slugs = shown.map((s) => s.slug).join(' ');
    reasons.push(
      reason('services', Math.min(15, 5 * relevant.length), `Prestations utiles : ${names}.`, {
        services: names,
        service_slugs: slugs,
        count: relevant.length,
      }),
    );
  }

  if (pro.categoryIds.length > 0) {
    reasons.push(
      pro.categoryIds.includes(project.categoryId)
        ? reason('pref_category', 10, 'Recherche ce type de projet (préférences).')
        : reason('pref_category_other', -10, "Préfère d'autres types de projet."),
    );
  }
  if (pro.bienIds.length > 0) {
    reasons.push(
      pro.bienIds.includes(project.bienId)
        ? reason('pref_bien', 5, 'Travaille sur ce type de bien (préférences).')
        : reason('pref_bien_other', -5, "Préfère d'autres types de bien."),
    );
  }
  if (pro.budgetMinCents !== null || pro.budgetMaxCents !== null) {
    const proMin = pro.budgetMinCents ?? 0;
    const proMax = pro.budgetMaxCents ?? Number.POSITIVE_INFINITY;
    const projectMax = project.budgetMaxCents ?? Number.POSITIVE_INFINITY;
    const overlaps = proMin <= projectMax && project.budgetMinCents <= proMax;
    reasons.push(overlaps ? reason('pref_budget', 10, 'Budget dans sa fourchette.') : reason('pref_budget_outside', -10, 'Budget hors de sa fourchette.'));
  }
  if (pro.clientTypes.length > 0) {
    reasons.push(
      pro.clientTypes.includes(project.typeClient)
        ? reason('pref_client_type', 5, `Accepte les clients de type « ${project.typeClient} ».`, { clientType: project.typeClient })
        : reason('pref_client_type_other', -5, `Préfère d'autres clients que « ${project.typeClient} ».`, { clientType: project.typeClient }),
    );
  }
  const score = Math.min(
    100,
    Math.max(
      0,
      reasons.reduce((sum, r) => sum + r.points, 0),
    ),
  );
  return { inZone, score, reasons };
}

/** Suggestions order: professionals in zone first, then by score, then by name. */
export function compareMatches<T extends { inZone: boolean; score: number; name: string }>(a: T, b: T): number {
  if (a.inZone !== b.inZone) return a.inZone ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  return a.name.localeCompare(b.name, 'fr');
}
