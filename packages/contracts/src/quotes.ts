import { z } from 'zod';
import {
  CLIENT_TYPES,
  FULL_PERCENT_BP,
  MAX_AMOUNT_CENTS,
  MAX_QUANTITY_MILLI,
  MAX_QUOTE_LINES,
  MAX_QUOTE_LOTS,
  MAX_RETENTION_BP,
  QUOTE_MENTIONS,
  QUOTE_REASON_LIMITS,
  QUOTE_STATUSES,
  QUOTE_UNITS,
  TVA_RATES,
  VALIDITY_DAYS_LIMITS,
  WORKS_DURATION_MAX_DAYS,
  isCalendarDate,
  type QuoteLineInput,
  type QuoteUnit,
  type TvaRate,
} from '@ouvrage/domain';
import { idParam, okMessage, paginated, paginationQuery, projectName, webAddress } from './common';
import { defineEndpoint } from './endpoint';
import { quoteLines } from './routes/quotes';
import { linePath } from './route-lines';

/**
 * Quotes (devis, issue 9, decision 0510). Amounts are integer cents HT unless named `_ttc`,
 * quantities thousandths, rates and percentages basis points (20 % = 2000). Dates `YYYY-MM-DD`
 * are Paris calendar days; instants are ISO strings.
 */

const cents = (what: string) =>
  z
    .number({ error: `${what} est obligatoire.` })
    .int(`${what} doit être en centimes entiers.`)
    .min(-MAX_AMOUNT_CENTS, `${what} est trop élevé.`)
    .max(MAX_AMOUNT_CENTS, `${what} est trop élevé.`);
const positiveCents = (what: string) => cents(what).min(0, `${what} ne peut pas être négatif.`);
const percentBp = (what: string, max = FULL_PERCENT_BP) =>
  z
    .number({ error: `${what} est obligatoire.` })
    .int(`${what} doit être un entier de points de base.`)
    .min(0, `${what} ne peut pas être négatif.`)
    .max(max, `${what} ne peut pas dépasser ${max / 100} %.`);
const text = (what: string, max: number) =>
  z
    .string({ error: `${what} doit être un texte.` })
    .trim()
    .max(max, `${what} compte au plus ${max} caractères.`);

export const quoteStatus = z.enum(QUOTE_STATUSES);
export const quoteKind = z.enum(['travaux', 'depannage'], { error: 'Le type de devis est « travaux » ou « dépannage ».' });
export type QuoteKind = z.infer<typeof quoteKind>;

/** A real day `YYYY-MM-DD`. */
const isoDay = z
  .string({ error: 'La date doit être un jour au format AAAA-MM-JJ.' })
  .refine(isCalendarDate, 'La date doit être un jour réel au format AAAA-MM-JJ.');

/** The consumer mediator the admin sets (C. conso. L616-1, decision 1044): printed on every consumer quote. */
export const consumerMediatorBody = z.object({
  name: text('Le nom du médiateur', 200).min(1, 'Indiquez le nom du médiateur.'),
  website: webAddress,
  address: text('L’adresse du médiateur', 300).default(''),
});
export type ConsumerMediatorBody = z.input<typeof consumerMediatorBody>;
export const consumerMediator = z.object({ name: z.string(), website: z.string(), address: z.string().nullable() });
export type ConsumerMediator = z.infer<typeof consumerMediator>;
export const consumerMediatorSetting = z.object({ mediator: consumerMediator.nullable(), updated_at: z.string().nullable() });
export type ConsumerMediatorSetting = z.infer<typeof consumerMediatorSetting>;

export const postalAddress = z.object({
  street: text('La rue', 200),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Le code postal compte 5 chiffres.'),
  city: text('La ville', 100).min(1, 'La ville est obligatoire.'),
});
export type PostalAddress = z.infer<typeof postalAddress>;

// ---------------------------------------------------------------------------------------------
// What the architect types (create, update: the whole content each time, like an autosave)
// ---------------------------------------------------------------------------------------------
// A draft is saved as typed (decision 1203): a line without designation or quantity, a lot
// without title are kept, not refused; sending refuses them (`quoteGapsRefusal` in the domain).

export const quoteLineBody = z.object({
  /** The catalogue product the line came from, or null for a free line. */
  product_id: z.number().int().positive().nullable().default(null),
  /** Empty while the architect has not named the line yet (a draft only). */
  designation: text('La désignation', 300),
  description: text('La description', 2000).default(''),
  quantity_milli: z
    .number({ error: 'La quantité est obligatoire.' })
    .int('La quantité a au plus 3 décimales.')
    /** 0 while not given (a draft only). */
    .min(0, 'La quantité ne peut pas être négative.')
    .max(MAX_QUANTITY_MILLI, 'La quantité est trop grande.'),
  unit: z.enum(QUOTE_UNITS, { error: `L'unité doit être l'une de : ${QUOTE_UNITS.join(', ')}.` }),
  /** Negative for a deduction line (« moins-value »). */
  unit_price_cents: cents('Le prix unitaire HT'),
  tva_rate_bp: z
    .number({ error: 'Le taux de TVA est obligatoire.' })
    .refine((v) => (TVA_RATES as readonly number[]).includes(v), 'Le taux de TVA doit être 20 %, 10 %, 5,5 % ou 0 %.'),
  discount_bp: percentBp('La remise').default(0),
  /** « En option »: shown with its amount, counted only if the client takes it. */
  optional: z.boolean().default(false),
});
export type QuoteLineBody = z.input<typeof quoteLineBody>;

export const quoteLotBody = z.object({
  /** Empty while the architect has not named the lot yet (a draft only). */
  title: text('Le titre du lot', 120),
  lines: z.array(quoteLineBody).max(MAX_QUOTE_LINES, `Au plus ${MAX_QUOTE_LINES} lignes.`),
});
export type QuoteLotBody = z.input<typeof quoteLotBody>;

/** The totals the browser computed with the domain code; the API recomputes and refuses a mismatch. */
export const expectedTotals = z.object({
  total_ht_cents: cents('Le total HT'),
  total_tva_cents: cents('Le total TVA'),
  total_ttc_cents: cents('Le total TTC'),
});

export const quoteContentBody = z.object({
  /** Objet du devis: « Rénovation de la salle de bains ». */
  title: text('L’objet du devis', 200).min(1, 'Indiquez l’objet du devis.'),
  kind: quoteKind.default('travaux'),
  client_address: postalAddress.nullable().default(null),
  site_address: postalAddress.nullable().default(null),
  lots: z.array(quoteLotBody).max(MAX_QUOTE_LOTS, `Au plus ${MAX_QUOTE_LOTS} lots.`),
  validity_days: z
    .number({ error: 'La durée de validité est obligatoire.' })
    .int('La durée de validité est un nombre de jours.')
    .min(VALIDITY_DAYS_LIMITS.min, `La validité est d’au moins ${VALIDITY_DAYS_LIMITS.min} jour.`)
    .max(VALIDITY_DAYS_LIMITS.max, `La validité est d’au plus ${VALIDITY_DAYS_LIMITS.max} jours.`),
  deposit_bp: percentBp('L’acompte'),
  payment_terms: text('Les conditions de paiement', 2000),
  /** Annual late-payment penalty rate. */
  late_penalty_bp: percentBp('Le taux de pénalités de retard', 5000),
  retention_bp: percentBp('La retenue de garantie', MAX_RETENTION_BP),
  free_text: text('Le texte libre', 4000).default(''),
  general_conditions: text('Les conditions générales', 20000).default(''),
  /** Whether drawing up the quote is free; when it is not, its price TTC. */
  is_free: z.boolean().default(true),
  quote_price_cents: positiveCents('Le prix du devis').nullable().default(null),
  /** Repair and maintenance work (arrêté du 24 janvier 2017): travel costs TTC, if any. */
  /** HT, counted in the totals at the works' main rate (decision 1002). */
  travel_cost_cents: positiveCents('Les frais de déplacement').nullable().default(null),
  /** When the works start and/or how long they last (C. conso. L111-1 3°, decision 1043); neither: the PDF states the legal default. */
  works_start_date: isoDay.nullable().default(null),
  works_duration_days: z
    .number({ error: 'La durée des travaux est un nombre de jours.' })
    .int('La durée des travaux est un nombre entier de jours.')
    .min(1, 'La durée des travaux est d’au moins 1 jour.')
    .max(WORKS_DURATION_MAX_DAYS, `La durée des travaux est d’au plus ${WORKS_DURATION_MAX_DAYS} jours.`)
    .nullable()
    .default(null),
  /** A dépannage the consumer asked to be done urgently at home: no right of withdrawal (C. conso. L221-28 8°, decision 1042). */
  urgent_repair: z.boolean().default(false),
  expected_totals: expectedTotals,
});
export type QuoteContentBody = z.input<typeof quoteContentBody>;

export const createQuoteBody = quoteContentBody.extend({
  project_id: z.number({ error: 'Choisissez le projet.' }).int().positive('Choisissez le projet.'),
});
export type CreateQuoteBody = z.input<typeof createQuoteBody>;

export const updateQuoteBody = quoteContentBody.extend({
  /** The revision the editor started from: a stale autosave answers 409 instead of overwriting. */
  revision: z.number().int().min(0),
});
export type UpdateQuoteBody = z.input<typeof updateQuoteBody>;

const reason = z
  .string({ error: 'Indiquez la raison.' })
  .trim()
  .min(QUOTE_REASON_LIMITS.min, `La raison compte au moins ${QUOTE_REASON_LIMITS.min} caractères.`)
  .max(QUOTE_REASON_LIMITS.max, `La raison compte au plus ${QUOTE_REASON_LIMITS.max} caractères.`);
export const quoteReasonBody = z.object({ reason });

export const acceptQuoteBody = z.object({
  /** Ids of the optional lines the client takes (empty: none). */
  chosen_option_ids: z.array(z.number().int().positive()).max(MAX_QUOTE_LINES).default([]),
});

// ---------------------------------------------------------------------------------------------
// What the API answers
// ---------------------------------------------------------------------------------------------

export const totalsSchema = z.object({
  total_ht_cents: z.number().int(),
  total_tva_cents: z.number().int(),
  total_ttc_cents: z.number().int(),
  by_rate: z.array(z.object({ rate_bp: z.number().int(), base_cents: z.number().int(), tva_cents: z.number().int() })),
});
export type QuoteTotals = z.infer<typeof totalsSchema>;

export const quoteLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  designation: z.string(),
  description: z.string(),
  quantity_milli: z.number().int(),
  unit: z.string(),
  unit_price_cents: z.number().int(),
  tva_rate_bp: z.number().int(),
  discount_bp: z.number().int(),
  optional: z.boolean(),
  /** An option the client took when accepting. */
  chosen: z.boolean(),
  net_ht_cents: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/** A lot as shown; `travel` marks the lot a repair quote's travel costs are counted in (decision 1002), not edited as a lot. */
export const quoteLot = z.object({
  id: z.number().int(),
  title: z.string(),
  subtotal_ht_cents: z.number().int(),
  lines: z.array(quoteLine),
  travel: z.boolean().optional(),
});
export type QuoteLot = z.infer<typeof quoteLot>;

export const insuranceSummary = z.object({
  insurer: z.string().nullable(),
  /** The insurer's address (loi 96-603 art. 22-2); absent from issuers frozen before migration 0039. */
  insurer_address: z.string().nullable().default(null),
  policy_number: z.string().nullable(),
  coverage: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  has_certificate: z.boolean(),
});

/** The issuer as printed on the quote: live from the profile while a draft, frozen when sent. */
export const quoteIssuer = z.object({
  id: z.number().int(),
  name: z.string(),
  trade_name: z.string().nullable(),
  legal_form: z.string().nullable(),
  capital_cents: z.number().int().nullable(),
  address: z.string().nullable(),
  siret: z.string().nullable(),
  rcs_rm: z.string().nullable(),
  tva_number: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  decennale: insuranceSummary.nullable(),
  rc_pro: insuranceSummary.nullable(),
});
export type QuoteIssuer = z.infer<typeof quoteIssuer>;

export const quoteClient = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: postalAddress.nullable(),
});

export const quoteVersionItem = z.object({
  id: z.number().int(),
  version: z.number().int(),
  label: z.string(),
  status: quoteStatus,
  sent_at: z.string().nullable(),
  total_ttc_cents: z.number().int(),
});

export const quoteMention = z.object({
  code: z.enum(Object.keys(QUOTE_MENTIONS) as [keyof typeof QUOTE_MENTIONS, ...Array<keyof typeof QUOTE_MENTIONS>]),
  label: z.string(),
});
export type QuoteMentionItem = z.infer<typeof quoteMention>;

/** What the caller may do now (the API checks again; the UI shows the buttons). */
export const quoteAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  send: z.boolean(),
  accept: z.boolean(),
  refuse: z.boolean(),
  cancel: z.boolean(),
  validate: z.boolean(),
  new_version: z.boolean(),
  /** The client may sign the accepted quote electronically (issue 10). */
  sign: z.boolean(),
});

export const quoteDetail = z.object({
  id: z.number().int(),
  /** The first version's id: every version of a quote shares it (and its number). */
  root_id: z.number().int(),
  version: z.number().int(),
  number: z.string().nullable(),
  /** `D-2026-0007 v2`, or « Brouillon » before its first sending. */
  label: z.string(),
  status: quoteStatus,
  title: z.string(),
  kind: quoteKind,
  /** `title` is the French composition the PDFs print; the screens compose `name` (decision 1206). */
  project: z.object({ id: z.number().int(), title: z.string(), category: z.string(), name: projectName }),
  issuer: quoteIssuer,
  client: quoteClient,
  site_address: postalAddress.nullable(),
  lots: z.array(quoteLot),
  /** Totals of the quote as sent (options not counted). */
  totals: totalsSchema,
  /** Totals with the options the client took, once accepted; null before. */
  accepted_totals: totalsSchema.nullable(),
  deposit_bp: z.number().int(),
  /** Deposit on the accepted totals once accepted, else on the totals. */
  deposit_cents: z.number().int(),
  validity_days: z.number().int(),
  valid_until: z.string().nullable(),
  payment_terms: z.string(),
  late_penalty_bp: z.number().int(),
  retention_bp: z.number().int(),
  free_text: z.string(),
  general_conditions: z.string(),
  is_free: z.boolean(),
  quote_price_cents: z.number().int().nullable(),
  travel_cost_cents: z.number().int().nullable(),
  works_start_date: z.string().nullable(),
  works_duration_days: z.number().int().nullable(),
  urgent_repair: z.boolean(),
  /** The client as the project files them: a consumer or a business (the mentions differ, decision 1040). */
  client_type: z.enum(CLIENT_TYPES),
  /** The consumer mediator the admin set (C. conso. L616-1); null until set. */
  mediator: consumerMediator.nullable(),
  accent_color: z.string(),
  has_logo: z.boolean(),
  /** The reduced-TVA certification printed in the signature area, when a line is at 10 % or 5,5 %. */
  reduced_tva_certification: z.string().nullable(),
  revision: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  refused_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  validated_at: z.string().nullable(),
  /** When the client's electronic signature completed (issue 10); null when never signed. */
  signed_at: z.string().nullable(),
  versions: z.array(quoteVersionItem),
  /** For the issuer: mandatory mentions still missing (sending is refused while any is). */
  missing_mentions: z.array(quoteMention),
  can: quoteAbilities,
  /** A consumer's withdrawal (C. conso. L221-18, decision 1053): its last day and whether it is open; null when none applies. */
  withdrawal: z.object({ deadline: z.string(), open: z.boolean(), withdrawn_at: z.string().nullable() }).nullable().optional(),
});
export type QuoteDetail = z.infer<typeof quoteDetail>;

export const quoteListItem = z.object({
  id: z.number().int(),
  root_id: z.number().int(),
  version: z.number().int(),
  number: z.string().nullable(),
  label: z.string(),
  status: quoteStatus,
  title: z.string(),
  project_id: z.number().int(),
  project_name: projectName,
  client_id: z.number().int(),
  client_name: z.string(),
  issuer_id: z.number().int(),
  issuer_name: z.string(),
  total_ht_cents: z.number().int(),
  total_ttc_cents: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type QuoteListItem = z.infer<typeof quoteListItem>;

export const quoteListQuery = paginationQuery.extend({
  status: quoteStatus.optional(),
  /** Number, object, client or project. */
  search: z.string().trim().max(100, 'La recherche compte au plus 100 caractères.').optional(),
  project_id: z.coerce.number().int().positive().optional(),
  sort: z.enum(['recent', 'amount', 'valid_until'], { error: 'Tri inconnu.' }).default('recent'),
  /** Older versions are hidden unless asked for. */
  all_versions: z.enum(['true', 'false']).optional(),
});

/** A project the architect may quote (their tender on it was accepted), with what prefills the editor. */
export const quotableProject = z.object({
  project_id: z.number().int(),
  /** The French composition, the new quote's object until the architect types their own. */
  title: z.string(),
  category: z.string(),
  name: projectName,
  client: quoteClient,
  site_address: postalAddress.nullable(),
  quotes: z.number().int(),
});

export const quoteComparison = z.object({
  project: z.object({ id: z.number().int(), name: projectName }),
  quotes: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      status: quoteStatus,
      title: z.string(),
      issuer: z.object({
        id: z.number().int(),
        name: z.string(),
        profession: z.string().nullable(),
        city: z.string().nullable(),
        year_founded: z.number().int().nullable(),
        decennale: insuranceSummary.nullable(),
        rc_pro: insuranceSummary.nullable(),
      }),
      totals: totalsSchema,
      lots: z.array(z.object({ title: z.string(), subtotal_ht_cents: z.number().int() })),
      options_ht_cents: z.number().int(),
      deposit_bp: z.number().int(),
      deposit_cents: z.number().int(),
      valid_until: z.string().nullable(),
      sent_at: z.string().nullable(),
      can_accept: z.boolean(),
    }),
  ),
});
export type QuoteComparison = z.infer<typeof quoteComparison>;

// ---------------------------------------------------------------------------------------------
// Settings (« Personnaliser ») and the platform's defaults (admin/devis-option)
// ---------------------------------------------------------------------------------------------

export const quoteSettingsBody = z.object({
  accent_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'La couleur est au format #RRGGBB.'),
  number_prefix: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,6}$/, 'Le préfixe compte 1 à 6 lettres majuscules sans accent.'),
  validity_days: quoteContentBody.shape.validity_days,
  deposit_bp: quoteContentBody.shape.deposit_bp,
  payment_terms: quoteContentBody.shape.payment_terms,
  late_penalty_bp: quoteContentBody.shape.late_penalty_bp,
  retention_bp: quoteContentBody.shape.retention_bp,
  free_text: text('Le texte libre', 4000),
  general_conditions: text('Les conditions générales', 20000),
});
export type QuoteSettingsBody = z.input<typeof quoteSettingsBody>;

export const quoteSettings = quoteSettingsBody.extend({
  has_logo: z.boolean(),
  /** The issuer's legal identity and insurance as the profile holds them (read-only here). */
  issuer: quoteIssuer.nullable(),
  /** What the profile still lacks for a quote to be sent. */
  missing_mentions: z.array(quoteMention),
  updated_at: z.string().nullable(),
});
export type QuoteSettings = z.infer<typeof quoteSettings>;

const errors = [400, 401, 403] as const;
const onOne = [...errors, 404] as const;
const onOneWithState = [...errors, 404, 409] as const;

export const quoteEndpoints = {
  /** The caller's quotes: `{id}` is the user id (an architect's issued quotes, a client's received ones). */
  listQuotesOf: defineEndpoint({ ...quoteLines.listQuotesOf, params: idParam, query: quoteListQuery, response: paginated(quoteListItem), errors }),
  listAllQuotes: defineEndpoint({ ...quoteLines.listAllQuotes, query: quoteListQuery, response: paginated(quoteListItem), errors }),
  quotableProjects: defineEndpoint({ ...quoteLines.quotableProjects, response: z.array(quotableProject), errors }),
  createQuote: defineEndpoint({ ...quoteLines.createQuote, body: createQuoteBody, response: quoteDetail, status: 201, errors: [...errors, 404, 409] }),
  getQuote: defineEndpoint({ ...quoteLines.getQuote, params: idParam, response: quoteDetail, errors: onOne }),
  updateQuote: defineEndpoint({ ...quoteLines.updateQuote, params: idParam, body: updateQuoteBody, response: quoteDetail, errors: onOneWithState }),
  deleteQuote: defineEndpoint({ ...quoteLines.deleteQuote, params: idParam, response: okMessage, errors: onOneWithState }),
  newVersion: defineEndpoint({ ...quoteLines.newVersion, params: idParam, response: quoteDetail, status: 201, errors: onOneWithState }),
  sendQuote: defineEndpoint({ ...quoteLines.sendQuote, params: idParam, response: quoteDetail, errors: onOneWithState }),
  acceptQuote: defineEndpoint({ ...quoteLines.acceptQuote, params: idParam, body: acceptQuoteBody, response: quoteDetail, errors: onOneWithState }),
  refuseQuote: defineEndpoint({ ...quoteLines.refuseQuote, params: idParam, body: quoteReasonBody, response: quoteDetail, errors: onOneWithState }),
  cancelQuote: defineEndpoint({ ...quoteLines.cancelQuote, params: idParam, body: quoteReasonBody, response: quoteDetail, errors: onOneWithState }),
  /** The client withdraws from their signed quote within 14 days (decision 1053). */
  withdrawQuote: defineEndpoint({ ...quoteLines.withdrawQuote, params: idParam, response: quoteDetail, errors: onOneWithState }),
  validationList: defineEndpoint({ ...quoteLines.validationList, query: paginationQuery, response: paginated(quoteListItem), errors }),
  validateQuote: defineEndpoint({ ...quoteLines.validateQuote, params: idParam, response: quoteDetail, errors: onOneWithState }),
  /** `{id}` is the project: its quotes side by side for its client. */
  compareQuotes: defineEndpoint({ ...quoteLines.compareQuotes, params: idParam, response: quoteComparison, errors: onOne }),
  getSettings: defineEndpoint({ ...quoteLines.getSettings, response: quoteSettings, errors }),
  saveSettings: defineEndpoint({ ...quoteLines.saveSettings, body: quoteSettingsBody, response: quoteSettings, errors }),
  uploadLogo: defineEndpoint({ ...quoteLines.uploadLogo, response: quoteSettings, errors: [...errors, 413, 415] }),
  deleteLogo: defineEndpoint({ ...quoteLines.deleteLogo, response: quoteSettings, errors }),
  getPlatformSettings: defineEndpoint({ ...quoteLines.getPlatformSettings, response: quoteSettings, errors }),
  savePlatformSettings: defineEndpoint({ ...quoteLines.savePlatformSettings, body: quoteSettingsBody, response: quoteSettings, errors }),
  uploadPlatformLogo: defineEndpoint({ ...quoteLines.uploadPlatformLogo, response: quoteSettings, errors: [...errors, 413, 415] }),
  deletePlatformLogo: defineEndpoint({ ...quoteLines.deletePlatformLogo, response: quoteSettings, errors }),
  /** The consumer mediator printed on consumer quotes (decision 1044). */
  getMediator: defineEndpoint({ ...quoteLines.getMediator, response: consumerMediatorSetting, errors }),
  saveMediator: defineEndpoint({ ...quoteLines.saveMediator, body: consumerMediatorBody, response: consumerMediatorSetting, errors }),
};

/** Raw answers outside the JSON envelope (PDF, images): registered by hand, listed here for the web. */
export const quoteFilePaths = {
  pdf: (id: number) => linePath(quoteLines.quotePdf, { id }),
  logo: quoteLines.logoFile.path,
  platformLogo: quoteLines.platformLogoFile.path,
} as const;

/** A line as the API carries it (body or answer), in the domain's shape for the totals (one mapping for the API and the web). */
export function lineForTotals<
  L extends {
    designation: string;
    quantity_milli: number;
    unit: string;
    unit_price_cents: number;
    tva_rate_bp: number;
    discount_bp: number;
    optional: boolean;
  },
>(line: L): QuoteLineInput {
  return {
    designation: line.designation,
    quantityMilli: line.quantity_milli,
    unit: line.unit as QuoteUnit,
    unitPriceCents: line.unit_price_cents,
    tvaRateBp: line.tva_rate_bp as TvaRate,
    discountBp: line.discount_bp,
    optional: line.optional,
  };
}
