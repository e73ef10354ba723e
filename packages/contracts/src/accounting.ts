import { z } from 'zod';
import { DEFAULT_FISCAL_YEAR_END_MONTH, FEC_ACCOUNT_KEYS, fecAccountProblem, isCalendarDate, type FecAccountKey } from '@ouvrage/domain';
import { defineEndpoint } from './endpoint';
import { accountingLines } from './routes/accounting';
import { linePath } from './route-lines';

/**
 * The accountant's exports (issue 37 §3, decision 1210): the FEC of a fiscal year (closed at the end of a month of the issuer's choice),
 * CSV lists of invoices and payments over a period, and the issuer's account numbers.
 */

const issuerId = z.coerce
  .number({ error: 'L’émetteur est un identifiant.' })
  .int('L’émetteur est un identifiant.')
  .positive('L’émetteur est un identifiant.')
  .max(2_147_483_647, 'L’émetteur est un identifiant.')
  .optional();

export const fecQuery = z.object({
  year: z.coerce
    .number({ error: 'Choisissez l’exercice (l’année de sa clôture).' })
    .int('L’exercice est une année, par exemple 2026.')
    .min(2000, 'L’exercice est une année entre 2000 et 2100.')
    .max(2100, 'L’exercice est une année entre 2000 et 2100.'),
  issuer_id: issuerId,
});

const day = (what: string) =>
  z
    .string({ error: `${what} est obligatoire.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} s’écrit AAAA-MM-JJ.`)
    .refine(isCalendarDate, `${what} n’est pas une date.`);

export const exportPeriodQuery = z
  .object({ from: day('Le premier jour'), to: day('Le dernier jour'), issuer_id: issuerId })
  .refine((q) => q.from <= q.to, { message: 'Le premier jour précède le dernier.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, { message: 'Une période de trois ans au plus.', path: ['to'] });

/** The account numbers, by role (`clients` 411, `revenue` 704…). */
export const accountingAccounts = z.object(Object.fromEntries(FEC_ACCOUNT_KEYS.map((key) => [key, z.string()])) as Record<FecAccountKey, z.ZodString>);
export type AccountingAccounts = z.infer<typeof accountingAccounts>;

const accountField = (key: FecAccountKey) =>
  z
    .string({ error: 'Indiquez le numéro de compte.' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = fecAccountProblem(key, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The month whose last day closes the fiscal year (12: 31 December). */
const fiscalYearEndMonth = z.coerce
  .number({ error: 'Choisissez le mois de clôture de l’exercice.' })
  .int('Le mois de clôture est entre 1 et 12.')
  .min(1, 'Le mois de clôture est entre 1 et 12.')
  .max(12, 'Le mois de clôture est entre 1 et 12.');

export const accountingAccountsBody = z
  .object({
    ...(Object.fromEntries(FEC_ACCOUNT_KEYS.map((key) => [key, accountField(key)])) as Record<FecAccountKey, ReturnType<typeof accountField>>),
    fiscal_year_end_month: fiscalYearEndMonth.default(DEFAULT_FISCAL_YEAR_END_MONTH),
  })
  .superRefine((accounts, ctx) => {
    // Two roles on one account would mix what the FEC keeps apart (the TVA waiting and collected, deposits and clients).
    const seen = new Map<string, FecAccountKey>();
    for (const key of FEC_ACCOUNT_KEYS) {
      const first = seen.get(accounts[key]);
      if (first) ctx.addIssue({ code: 'custom', path: [key], message: 'Ce numéro sert déjà à un autre compte : chaque compte a le sien.' });
      else seen.set(accounts[key], key);
    }
  });

export type AccountingAccountsBody = z.input<typeof accountingAccountsBody>;

export const accountingSettings = z.object({
  accounts: accountingAccounts,
  /** The defaults, for the form's « remettre par défaut ». */
  defaults: accountingAccounts,
  /** TVA on debits (invoice settings): the FEC's TVA is then collected at invoicing, not through the waiting account. */
  tva_on_debits: z.boolean(),
  /** Whether the issuer's SIREN is known: the FEC's file name needs it. */
  has_siren: z.boolean(),
  /** The month whose last day closes the fiscal year; the FEC's `year` is the exercice closed that year. */
  fiscal_year_end_month: z.number().int(),
});
export type AccountingSettings = z.infer<typeof accountingSettings>;

const errors = [400, 401, 403] as const;

export const accountingEndpoints = {
  getAccounts: defineEndpoint({ ...accountingLines.getAccounts, response: accountingSettings, errors }),
  saveAccounts: defineEndpoint({ ...accountingLines.saveAccounts, body: accountingAccountsBody, response: accountingSettings, errors }),
};

/** Raw answers outside the JSON envelope: the files. */
export const accountingFilePaths = {
  fec: (q: { year: number; issuer_id?: number }) => `${linePath(accountingLines.fec)}?${new URLSearchParams(stringify(q))}`,
  invoicesCsv: (q: { from: string; to: string; issuer_id?: number }) => `${linePath(accountingLines.invoicesCsv)}?${new URLSearchParams(stringify(q))}`,
  paymentsCsv: (q: { from: string; to: string; issuer_id?: number }) => `${linePath(accountingLines.paymentsCsv)}?${new URLSearchParams(stringify(q))}`,
} as const;

function stringify(q: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}
