import { z } from 'zod';
import {
  CLIENT_TYPES,
  INSURANCE_GAPS,
  PHONE_CODES,
  PHONE_MESSAGES,
  PROFILE_CHECKS,
  PROFESSIONAL_TYPES,
  SIRET_MESSAGES,
  VALIDATION_STATES,
  PROFILE_LIMITS,
  amountRefusal,
  headcountRefusal,
  isCalendarDate,
  radiusRefusal,
  yearRefusal,
  type Refusal,
  normalizeDigits,
  normalizeNafCode,
  normalizePhone,
  phoneProblem,
  siretProblem,
} from '@ouvrage/domain';
import { email, idParam, okMessage, webAddress } from './common';
import { passwordField } from './auth';
import { defineEndpoint } from './endpoint';
import { professionalLines as lines } from './routes/professionals';

// ---------- shared fields ----------

/**
 * A domain refusal as a validation issue: the French sentence with the rule, and the code and
 * parameters the web translates (the error answer's `field_codes`, see the error handler).
 */
export function addRefusal(ctx: z.RefinementCtx, r: Refusal | null): void {
  if (r) ctx.addIssue({ code: 'custom', message: r.message, params: { refusal: r.code, ...r.params } });
}

/** A number field: anything else (« abc », text) is refused as not a number, never as missing. */
export const numberField = (label: string) => z.number({ error: `${label} doit être un nombre.` });

/** A year from `min` to the current year, checked when the request arrives (not when the server started). */
export const yearField = (label: string, min: number) => numberField(label).superRefine((v, ctx) => addRefusal(ctx, yearRefusal(v, min, new Date())));

/** Empty strings become null: forms send "" for a cleared field. */
export function optionalText(max: number, label = 'Ce champ') {
  return z
    .string()
    .trim()
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredText(max: number, missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, `Au plus ${max} caractères.`);
}

/** "" → null, then the schema (its own French message is kept, unlike a union). */
export function blankable<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish()).transform((v) => (v ?? null) as z.output<T> | null);
}

export const siretField = z
  .string({ error: SIRET_MESSAGES.empty })
  .transform((v) => normalizeDigits(v))
  .superRefine((v, ctx) => {
    const problem = siretProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: SIRET_MESSAGES[problem] });
  });

/** The domain's one phone rule (decision 0403): French or international, stored in E.164 (+33612345678). */
export const phoneField = z.string({ error: PHONE_MESSAGES.empty }).transform((v, ctx) => {
  const problem = phoneProblem(v);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES[problem], params: { refusal: PHONE_CODES[problem] } });
    return z.NEVER;
  }
  return normalizePhone(v);
});

export const optionalPhone = blankable(phoneField);

export const postcodeField = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'Le code postal doit comporter 5 chiffres.');
export const nafField = z.string().transform((v, ctx) => {
  const naf = normalizeNafCode(v);
  if (!naf) {
    ctx.addIssue({ code: 'custom', message: 'Le code NAF doit avoir la forme 43.22A.' });
    return z.NEVER;
  }
  return naf;
});

/** A real day (2026-02-30 is refused here rather than by the database). */
const isoDate = z.string().refine(isCalendarDate, 'La date doit être un jour réel au format AAAA-MM-JJ.');
const moneyCents = numberField('Le montant')
  .int('Le montant doit être en centimes.')
  .max(1e13, 'Le montant est trop élevé.')
  .superRefine((v, ctx) => addRefusal(ctx, amountRefusal(v)));

export const professionalType = z.enum(PROFESSIONAL_TYPES);

// ---------- reference lists ----------

export const professionItem = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), user_type: professionalType });
export const serviceItem = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), profession_id: z.number().int().nullable() });
export const listServiceQuery = z.object({ profession_id: z.coerce.number().int().positive().optional() });

// ---------- company registry (sign-up prefill, admin identity check) ----------

export const companyLookupQuery = z.object({ siret: siretField });
export const registryCompany = z.object({
  siret: z.string(),
  siren: z.string(),
  raison_sociale: z.string(),
  nature_juridique_code: z.string().nullable(),
  forme_juridique: z.string().nullable(),
  naf_code: z.string().nullable(),
  head_office_address: z.string().nullable(),
  head_office_postcode: z.string().nullable(),
  head_office_city: z.string().nullable(),
  head_office_citycode: z.string().nullable(),
  etat_administratif: z.enum(['A', 'F']),
  active: z.boolean(),
  tva_number: z.string(),
});
export type RegistryCompany = z.infer<typeof registryCompany>;
export const companyLookupData = z.object({ found: z.boolean(), company: registryCompany.nullable() });

// ---------- sign-up ----------

export const createProfessionalBody = z
  .object({
    siret: siretField,
    raison_sociale: requiredText(200, 'La raison sociale est obligatoire.'),
    forme_juridique: optionalText(100),
    naf_code: blankable(nafField),
    head_office_address: optionalText(200),
    head_office_postcode: blankable(postcodeField),
    head_office_city: optionalText(100),
    head_office_citycode: optionalText(5),
    profession_id: z.number({ error: 'Choisissez votre métier.' }).int().positive('Choisissez votre métier.'),
    service_ids: z.array(z.number().int().positive()).max(30, 'Au plus 30 prestations.').default([]),
    civility: z.enum(['M.', 'Mme']).nullish(),
    firstname: requiredText(100, 'Le prénom est obligatoire.'),
    lastname: requiredText(100, 'Le nom est obligatoire.'),
    email,
    phone: phoneField,
    password: passwordField,
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
    accept_terms: z.literal(true, { error: "Vous devez accepter les conditions générales d'utilisation." }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'Les deux mots de passe ne correspondent pas.',
    path: ['password_confirmation'],
  });
export type CreateProfessionalBody = z.infer<typeof createProfessionalBody>;

/** The same answer whether the e-mail already had an account or not (docs/decisions/0452): no account id. */
export const createProfessionalData = z.object({
  email: z.string(),
  user_type: professionalType,
  is_validate: z.enum(VALIDATION_STATES),
  message: z.string(),
});

// ---------- enterprise profile ----------

export const insuranceKind = z.enum(['decennale', 'rc_pro']);
export type InsuranceKind = z.infer<typeof insuranceKind>;

export const insuranceView = z.object({
  insurer: z.string().nullable(),
  /** The insurer's address, printed on quotes (loi 96-603 art. 22-2). */
  insurer_address: z.string().nullable(),
  policy_number: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  coverage: z.string().nullable(),
  certificate_name: z.string().nullable(),
  has_certificate: z.boolean(),
  valid: z.boolean(),
});

export const professionalInfo = z.object({
  user: z.object({
    id: z.number().int(),
    civility: z.string().nullable(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    user_type: professionalType,
    is_validate: z.enum(VALIDATION_STATES),
    validation_reason: z.string().nullable(),
    created_at: z.string(),
  }),
  legal: z.object({
    siret: z.string().nullable(),
    siren: z.string().nullable(),
    raison_sociale: z.string(),
    forme_juridique: z.string().nullable(),
    capital_cents: z.number().int().nullable(),
    rcs_rm: z.string().nullable(),
    tva_number: z.string().nullable(),
    tva_expected: z.string().nullable(),
    naf_code: z.string().nullable(),
    head_office_address: z.string().nullable(),
    head_office_postcode: z.string().nullable(),
    head_office_city: z.string().nullable(),
    head_office_citycode: z.string().nullable(),
  }),
  insurances: z.object({ decennale: insuranceView.nullable(), rc_pro: insuranceView.nullable() }),
  general: z.object({
    trade_name: z.string().nullable(),
    has_logo: z.boolean(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    year_founded: z.number().int().nullable(),
    headcount: z.number().int().nullable(),
  }),
  trade: z.object({
    profession_id: z.number().int().nullable(),
    profession_name: z.string().nullable(),
    service_ids: z.array(z.number().int()),
    service_names: z.array(z.string()),
  }),
  registry: z.object({ state: z.string().nullable(), name: z.string().nullable(), checked_at: z.string().nullable() }),
});
export type ProfessionalInfo = z.infer<typeof professionalInfo>;

export const legalSection = z.object({
  siret: siretField,
  raison_sociale: requiredText(200, 'La raison sociale est obligatoire.'),
  forme_juridique: optionalText(100),
  capital_cents: moneyCents.nullish().transform((v) => v ?? null),
  rcs_rm: optionalText(120),
  tva_number: optionalText(20).transform((v) => (v ? v.replace(/\s/g, '').toUpperCase() : null)),
  naf_code: blankable(nafField),
  head_office_address: optionalText(200),
  head_office_postcode: blankable(postcodeField),
  head_office_city: optionalText(100),
  head_office_citycode: optionalText(5),
});

export const insuranceSection = z
  .object({
    insurer: optionalText(120),
    insurer_address: optionalText(300, 'L’adresse de l’assureur'),
    policy_number: optionalText(60),
    valid_from: blankable(isoDate),
    valid_until: blankable(isoDate),
    coverage: optionalText(300),
  })
  .refine((i) => !i.valid_from || !i.valid_until || i.valid_from <= i.valid_until, {
    message: 'La date de fin doit suivre la date de début.',
    path: ['valid_until'],
  });

export const generalSection = z.object({
  trade_name: optionalText(200),
  description: optionalText(3000, 'La description'),
  website: blankable(webAddress),
  contact_email: blankable(email),
  contact_phone: optionalPhone,
  year_founded: yearField("L'année de création", PROFILE_LIMITS.yearFoundedMin)
    .nullish()
    .transform((v) => v ?? null),
  headcount: numberField("L'effectif")
    .superRefine((v, ctx) => addRefusal(ctx, headcountRefusal(v)))
    .nullish()
    .transform((v) => v ?? null),
});

export const tradeSection = z.object({
  profession_id: z.number({ error: 'Choisissez votre métier.' }).int().positive('Choisissez votre métier.'),
  service_ids: z.array(z.number().int().positive()).max(30, 'Au plus 30 prestations.'),
});

/** Each section is optional; a section sent replaces that section. */
export const storeDetailsBody = z.object({
  legal: legalSection.optional(),
  decennale: insuranceSection.optional(),
  rc_pro: insuranceSection.optional(),
  general: generalSection.optional(),
  trade: tradeSection.optional(),
});
export type StoreDetailsBody = z.infer<typeof storeDetailsBody>;

export const checklistItem = z.object({
  key: z.enum(PROFILE_CHECKS),
  done: z.boolean(),
  required: z.boolean(),
  /** An insurance not done: what it lacks (certificate, dates, insurer…), for the screen to say (issue 36 §6). */
  gaps: z.array(z.enum(INSURANCE_GAPS)).optional(),
});
export const statusRegister = z.object({
  is_validate: z.enum(VALIDATION_STATES),
  validation_reason: z.string().nullable(),
  completeness: z.object({
    items: z.array(checklistItem),
    missing: z.array(z.enum(PROFILE_CHECKS)),
    percent: z.number().int(),
    complete: z.boolean(),
  }),
});
export type StatusRegister = z.infer<typeof statusRegister>;

// ---------- preferences ----------

export const preferences = z
  .object({
    category_ids: z.array(z.number().int().positive()).max(50),
    bien_ids: z.array(z.number().int().positive()).max(50),
    budget_min_cents: moneyCents.nullable(),
    budget_max_cents: moneyCents.nullable(),
    client_types: z.array(z.enum(CLIENT_TYPES)).max(2),
    notify_tender_email: z.boolean(),
    notify_tender_sms: z.boolean(),
    notify_weekly_digest: z.boolean(),
  })
  .refine((p) => p.budget_min_cents === null || p.budget_max_cents === null || p.budget_min_cents <= p.budget_max_cents, {
    message: 'Le budget minimum doit être inférieur au budget maximum.',
    path: ['budget_max_cents'],
  });
export type Preferences = z.infer<typeof preferences>;

// ---------- intervention zones ----------

export const zoneBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('departement'),
      departement_code: z
        .string({ error: 'Choisissez un département.' })
        .trim()
        .toUpperCase()
        .regex(/^(\d{2}|2A|2B|97\d)$/, 'Code de département invalide.'),
    }),
    z.object({
      kind: z.literal('commune'),
      commune_insee: z
        .string({ error: 'Choisissez une commune.' })
        .trim()
        .toUpperCase()
        .regex(/^(\d{5}|2[AB]\d{3})$/, 'Code INSEE de commune invalide.'),
      radius_km: z.number({ error: 'Le rayon est obligatoire : un nombre de kilomètres.' }).superRefine((v, ctx) => addRefusal(ctx, radiusRefusal(v))),
    }),
  ],
  { error: 'Choisissez un type de zone : département ou commune.' },
);
export type ZoneBody = z.infer<typeof zoneBody>;

export const zoneView = z.object({
  id: z.number().int(),
  kind: z.enum(['departement', 'commune']),
  departement_code: z.string(),
  departement_name: z.string().nullable(),
  commune_insee: z.string().nullable(),
  commune_name: z.string().nullable(),
  radius_km: z.number().int().nullable(),
  label: z.string(),
});
export type ZoneView = z.infer<typeof zoneView>;

// ---------- references ----------

export const referenceBody = z.object({
  title: requiredText(150, 'Le titre est obligatoire.'),
  description: optionalText(2000).transform((v) => v ?? ''),
  city: optionalText(100),
  year: yearField("L'année", PROFILE_LIMITS.referenceYearMin)
    .nullish()
    .transform((v) => v ?? null),
  amount_cents: moneyCents.nullish().transform((v) => v ?? null),
});
export const updateReferenceBody = referenceBody.extend({ remove_photo_ids: z.array(z.number().int().positive()).max(50).default([]) });

export const referenceView = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  city: z.string().nullable(),
  year: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  photos: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReferenceView = z.infer<typeof referenceView>;

export const certificateQuery = z.object({ kind: insuranceKind });
export const uploadedData = z.object({ message: z.string(), name: z.string().nullable() });

// ---------- marketing leads ----------

export const marketingLead = z.object({
  id: z.number().int(),
  form: z.string(),
  email: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  status: z.enum(['kept', 'sent', 'failed']),
  last_error: z.string().nullable(),
  created_at: z.string(),
  forwarded_at: z.string().nullable(),
});

// ---------- endpoints (docs/decisions/1171-professionals-users-auth-as-contracts.md) ----------

const errors = [400, 401, 403, 404] as const;
const uploadErrors = [...errors, 409, 413, 415] as const;

/**
 * Professionals: public reference lists, company lookup and sign-up; the enterprise profile,
 * preferences, intervention zones and references (`{id}` = the professional's user id, or the
 * zone's / the reference's where the path says so). The certificate, logo and reference photo
 * files are answered outside the envelope: their lines are registered by the API directly.
 */
export const professionalEndpoints = {
  listProfessions: defineEndpoint({ ...lines.listProfessions, response: z.array(professionItem), errors: [] }),
  listServices: defineEndpoint({ ...lines.listServices, query: listServiceQuery, response: z.array(serviceItem), errors: [400] }),
  /** The SIRET is checked locally (Luhn key, La Poste exception) before the registry is asked. */
  companyLookup: defineEndpoint({ ...lines.companyLookup, query: companyLookupQuery, response: companyLookupData, errors: [400, 429, 503] }),
  createProfessionalAccount: defineEndpoint({
    ...lines.createProfessionalAccount,
    body: createProfessionalBody,
    response: createProfessionalData,
    status: 201,
    errors: [400, 409, 429],
  }),

  getEnterprise: defineEndpoint({ ...lines.getEnterprise, params: idParam, response: professionalInfo, errors }),
  saveEnterprise: defineEndpoint({ ...lines.saveEnterprise, params: idParam, body: storeDetailsBody, response: professionalInfo, errors: [...errors, 409] }),
  registrationStatus: defineEndpoint({ ...lines.registrationStatus, params: idParam, response: statusRegister, errors }),
  getPreferences: defineEndpoint({ ...lines.getPreferences, params: idParam, response: preferences, errors }),
  savePreferences: defineEndpoint({ ...lines.savePreferences, params: idParam, body: preferences, response: preferences, errors }),
  /** Multipart, field `certificate` (PDF, JPEG or PNG, 10 Mo at most); `?kind=decennale|rc_pro`. */
  uploadCertificate: defineEndpoint({ ...lines.uploadCertificate, params: idParam, query: certificateQuery, response: uploadedData, errors: uploadErrors }),
  /** Multipart, field `logo` (JPEG, PNG or WebP, 5 Mo at most), resized to 512 px. */
  uploadLogo: defineEndpoint({ ...lines.uploadLogo, params: idParam, response: uploadedData, errors: uploadErrors }),

  createZone: defineEndpoint({ ...lines.createZone, params: idParam, body: zoneBody, response: zoneView, status: 201, errors: [...errors, 409] }),
  listZones: defineEndpoint({ ...lines.listZones, params: idParam, response: z.array(zoneView), errors }),
  updateZone: defineEndpoint({ ...lines.updateZone, params: idParam, body: zoneBody, response: zoneView, errors: [...errors, 409] }),
  deleteZone: defineEndpoint({ ...lines.deleteZone, params: idParam, response: okMessage, errors }),

  listReferences: defineEndpoint({ ...lines.listReferences, params: idParam, response: z.array(referenceView), errors }),
  createReference: defineEndpoint({
    ...lines.createReference,
    params: idParam,
    body: referenceBody,
    response: referenceView,
    status: 201,
    errors: [...errors, 409],
  }),
  updateReference: defineEndpoint({ ...lines.updateReference, params: idParam, body: updateReferenceBody, response: referenceView, errors }),
  deleteReference: defineEndpoint({ ...lines.deleteReference, params: idParam, response: okMessage, errors }),
  /** Multipart, fields `photos` (JPEG, PNG or WebP, 10 Mo at most each). */
  uploadReferencePhoto: defineEndpoint({ ...lines.uploadReferencePhoto, params: idParam, response: referenceView, errors: uploadErrors }),
};
