import { z } from 'zod';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { eInvoicingLines } from './routes/e-invoicing';

/**
 * E-invoicing through a plateforme agréée (issue 37 §1, decision 1212): the issuer's PA settings
 * (credentials written, never read back), the invoice's status and history, what awaits an action.
 */

export const PA_MODES = ['none', 'own', 'delegated'] as const;
export const VAT_REGIMES = ['reel_normal', 'reel_simplifie', 'franchise'] as const;
export const E_REPORTING_PERIODS = ['decade', 'month', 'bimonth'] as const;
export const E_INVOICE_STATES = ['pending', 'submitted', 'failed', 'action', 'done'] as const;

export const issuerQuery = z.object({
  issuer_id: z.coerce
    .number({ error: 'L’émetteur est un identifiant.' })
    .int('L’émetteur est un identifiant.')
    .positive('L’émetteur est un identifiant.')
    .max(2_147_483_647, 'L’émetteur est un identifiant.')
    .optional(),
});

const httpsUrl = (what: string) =>
  z
    .string({ error: `${what} est obligatoire.` })
    .trim()
    .max(500, `${what} compte au plus 500 caractères.`)
    .url(`${what} doit être une adresse web complète (https://…).`)
    .refine((u) => /^https?:\/\//.test(u), `${what} commence par https://.`);
const optionalText = (what: string, max = 200) =>
  z
    .string({ error: `${what} est un texte.` })
    .trim()
    .max(max, `${what} compte au plus ${max} caractères.`)
    .optional()
    .transform((v) => v || undefined);

/**
 * The settings as written. Secrets (`client_secret`, `token`) are optional on a change: left out,
 * the stored one is kept; they are never sent back.
 */
export const eInvoicingSettingsBody = z
  .object({
    pa_mode: z.enum(PA_MODES, { error: 'Choisissez : pas de plateforme, votre plateforme, ou celle d’Ouvrage.' }),
    base_url: httpsUrl('L’adresse de l’API de la plateforme').optional(),
    auth_kind: z.enum(['oauth2', 'bearer'], { error: 'Choisissez OAuth2 ou un jeton.' }).optional(),
    token_url: httpsUrl('L’adresse du jeton OAuth2').optional(),
    client_id: optionalText('L’identifiant client'),
    client_secret: optionalText('Le secret client', 500),
    scope: optionalText('La portée (scope)'),
    token: optionalText('Le jeton', 2000),
    organization_id: optionalText('L’identifiant d’organisation'),
    vat_regime: z.enum(VAT_REGIMES, { error: 'Choisissez le régime de TVA.' }),
    e_reporting_period: z.enum(E_REPORTING_PERIODS, { error: 'Choisissez la période de l’e-reporting : décade, mois ou deux mois.' }),
  })
  .superRefine((b, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.pa_mode === 'own') {
      if (!b.base_url) need('base_url', 'Indiquez l’adresse de l’API de votre plateforme agréée.');
      if (!b.auth_kind) need('auth_kind', 'Choisissez comment la plateforme vous authentifie : OAuth2 ou jeton.');
      if (b.auth_kind === 'oauth2') {
        if (!b.token_url) need('token_url', 'Indiquez l’adresse où demander le jeton OAuth2.');
        if (!b.client_id) need('client_id', 'Indiquez l’identifiant client que la plateforme vous a donné.');
      }
    }
    if (b.pa_mode === 'delegated' && !b.organization_id) need('organization_id', 'Indiquez votre identifiant d’organisation chez la plateforme d’Ouvrage.');
  });
export type EInvoicingSettingsBody = z.infer<typeof eInvoicingSettingsBody>;

export const eInvoicingSettings = z.object({
  issuer_id: z.number().int(),
  pa_mode: z.enum(PA_MODES),
  base_url: z.string().nullable(),
  auth_kind: z.enum(['oauth2', 'bearer']).nullable(),
  token_url: z.string().nullable(),
  client_id: z.string().nullable(),
  scope: z.string().nullable(),
  organization_id: z.string().nullable(),
  /** The client secret or the token is stored (encrypted): the screen shows « configuré », never the value. */
  secret_configured: z.boolean(),
  vat_regime: z.enum(VAT_REGIMES),
  e_reporting_period: z.enum(E_REPORTING_PERIODS),
  /** The platform has its own PA (delegation possible). */
  delegation_available: z.boolean(),
  /** Where the PA pushes the statuses. */
  webhook_url: z.string(),
});
export type EInvoicingSettings = z.infer<typeof eInvoicingSettings>;

export const eInvoicingTestResult = z.object({
  ok: z.boolean(),
  /** Why not: a code the web words (`PA_NOT_CONFIGURED`, `PA_UNREACHABLE`, `PA_REFUSED`), and the PA's own message. */
  code: z.string().nullable(),
  reason: z.string().nullable(),
});

export const eInvoiceEvent = z.object({ code: z.number().int(), at: z.string(), reason: z.string().nullable(), source: z.enum(['search', 'webhook']) });

export const eInvoiceSubmission = z.object({
  id: z.number().int(),
  document: z.enum(['invoice', 'credit-note']),
  invoice_id: z.number().int().nullable(),
  credit_note_id: z.number().int().nullable(),
  number: z.string(),
  state: z.enum(E_INVOICE_STATES),
  flow_id: z.string().nullable(),
  last_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.string(),
});
export type EInvoiceSubmission = z.infer<typeof eInvoiceSubmission>;

export const invoiceEInvoicing = z.object({
  /** False: the invoice is not e-invoiced (a consumer client, or no PA): e-reporting covers it. */
  e_invoiced: z.boolean(),
  submission: eInvoiceSubmission.nullable(),
  events: z.array(eInvoiceEvent),
});
export type InvoiceEInvoicing = z.infer<typeof invoiceEInvoicing>;

export const awaitingAction = z.object({ items: z.array(eInvoiceSubmission) });

export const eInvoicingConnections = z.object({
  items: z.array(
    z.object({
      issuer_id: z.number().int(),
      /** The architect's name (first and last). */
      issuer_name: z.string(),
      pa_mode: z.enum(PA_MODES),
      secret_configured: z.boolean(),
      lifecycle_cursor: z.string().nullable(),
      pending: z.number().int(),
      submitted: z.number().int(),
      failed: z.number().int(),
      action: z.number().int(),
    }),
  ),
});

const errors = [400, 401, 403] as const;
const onOne = [...errors, 404] as const;

export const eInvoicingEndpoints = {
  getSettings: defineEndpoint({ ...eInvoicingLines.getSettings, query: issuerQuery, response: eInvoicingSettings, errors: onOne }),
  saveSettings: defineEndpoint({
    ...eInvoicingLines.saveSettings,
    query: issuerQuery,
    body: eInvoicingSettingsBody,
    response: eInvoicingSettings,
    errors: onOne,
  }),
  testConnection: defineEndpoint({ ...eInvoicingLines.testConnection, query: issuerQuery, response: eInvoicingTestResult, errors: onOne }),
  invoiceStatus: defineEndpoint({ ...eInvoicingLines.invoiceStatus, params: idParam, response: invoiceEInvoicing, errors: onOne }),
  retrySubmission: defineEndpoint({ ...eInvoicingLines.retrySubmission, params: idParam, response: eInvoiceSubmission, errors: [...onOne, 409] }),
  awaitingAction: defineEndpoint({ ...eInvoicingLines.awaitingAction, response: awaitingAction, errors }),
  adminConnections: defineEndpoint({ ...eInvoicingLines.adminConnections, response: eInvoicingConnections, errors }),
  /** Called by the issuer's PA; its raw body is checked against its HMAC signature (`rawBodyRoute`). */
  webhook: defineEndpoint({
    ...eInvoicingLines.webhook,
    params: z.object({ issuer: z.string() }),
    response: z.object({ received: z.literal(true), applied: z.number().int(), duplicates: z.number().int(), ignored: z.number().int() }),
    status: 202,
    errors: [400, 401, 404],
  }),
};
