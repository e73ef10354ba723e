import { z } from 'zod';

// French messages for every built-in check; field schemas add their own where clearer.
z.config(z.locales.fr());

/** `{ success: true, data }` (DESIGN §5). */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A business refusal's parameters, for the web app's translation of `code`. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /** For fields refused by a domain rule: its code and parameters, translated by the web app. */
    field_codes: z.record(z.string(), z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) })).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The `data` of an action that only confirms, in French. */
export const okMessage = z.object({ message: z.string() });
export const okEnvelope = envelope(okMessage);

/**
 * A confirmation the web shows in the reader's language (decision 1206): its name (`notice`),
 * translated by the web, and the French sentence for other clients.
 */
export const okNotice = okMessage.extend({ notice: z.string() });

/**
 * A project named by its parts (decision 1206): its category and good by their French names,
 * which the web's catalogue labels put in the reader's language, and its town. The web composes
 * « Surélévation · Maison — Bordeaux »; the API composes it only for PDFs and mails.
 */
export const projectName = z.object({ category_name: z.string(), bien_name: z.string(), city: z.string() });
export type ProjectName = z.infer<typeof projectName>;

export const idParam = z.object({
  id: z.coerce.number({ error: 'Identifiant invalide.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
});

/** The e-mail rule's refusals: the French sentence, and the code the web translates (decision 1206). */
export const EMAIL_MESSAGES = {
  EMAIL_REQUIRED: "L'adresse e-mail est obligatoire.",
  EMAIL_TOO_LONG: "L'adresse e-mail est trop longue.",
  EMAIL_INVALID: "L'adresse e-mail n'est pas valide.",
} as const;
type EmailRefusal = keyof typeof EMAIL_MESSAGES;

function emailProblem(value: string): EmailRefusal | null {
  if (!value) return 'EMAIL_REQUIRED';
  if (value.length > 254) return 'EMAIL_TOO_LONG';
  return z.regexes.email.test(value) ? null : 'EMAIL_INVALID';
}

/** Trimmed and lower-cased; a refusal carries its code (`params.refusal`), as the phone rule does. */
export const email = z
  .string({ error: EMAIL_MESSAGES.EMAIL_REQUIRED })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES[problem], params: { refusal: problem } });
  });

/** A public web address: http or https only (never `javascript:`, `data:`, `file:`…), with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const webAddress = z
  .string()
  .trim()
  .max(300, "L'adresse du site compte au plus 300 caractères.")
  .refine(isWebAddress, "L'adresse du site doit commencer par https:// (ou http://).");

/**
 * Lists count their rows up to this many (decision 0963): past it the answer says
 * `total_capped` and the screens read « plus de 10 000 ». An exact count of a million rows
 * would cost more than the page itself, for a figure no one acts on.
 */
export const LIST_COUNT_CAP = 10_000;
/** The last page a list serves: with 20 rows a page, the whole counted window (decision 0963). */
export const LIST_PAGE_MAX = 500;

export const paginationQuery = z.object({
  page: z.coerce
    .number({ error: 'La page doit être un nombre entier.' })
    .int('La page doit être un nombre entier.')
    .min(1, 'La page doit être au moins 1.')
    .max(LIST_PAGE_MAX, `Au plus ${LIST_PAGE_MAX} pages : affinez la recherche avec les filtres.`)
    .default(1),
  per_page: z.coerce
    .number({ error: 'Le nombre d’éléments par page doit être un nombre entier.' })
    .int('Le nombre d’éléments par page doit être un nombre entier.')
    .min(1, 'Au moins 1 élément par page.')
    .max(100, 'Au plus 100 éléments par page.')
    .default(20),
});

/** A page of a list as the web reads it (the shape of `paginated`). */
export interface ListPage<T> {
  items: T[];
  total: number;
  total_capped: boolean;
  page: number;
  per_page: number;
}

export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    /** At most LIST_COUNT_CAP. */
    total: z.number().int(),
    /** More rows than `total` match: the count stopped at LIST_COUNT_CAP. */
    total_capped: z.boolean(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}
