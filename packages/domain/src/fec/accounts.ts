import type { TvaRate } from '../money';

/**
 * The account numbers an issuer's FEC uses (issue 37 §3, decision 1210). Defaults for a building
 * business: revenue on 704 « Travaux » (706 for services), collected TVA on one account per rate,
 * TVA on payments through the waiting account 44574 until the money comes in.
 */
export interface FecAccounts {
  /** Clients (one auxiliary account per client under it). */
  clients: string;
  /** Deposits received on orders (factures d'acompte). */
  deposits: string;
  /** Retenues de garantie withheld by clients. */
  retention: string;
  /** Revenue of the works or services invoiced. */
  revenue: string;
  /** Bank: payments and refunds. */
  bank: string;
  /** TVA invoiced, waiting for the payment (TVA on payments). */
  vatWaiting: string;
  /** TVA collected at 20 %, 10 % and 5,5 %. */
  vat2000: string;
  vat1000: string;
  vat550: string;
}

export const FEC_ACCOUNT_KEYS = ['clients', 'deposits', 'retention', 'revenue', 'bank', 'vatWaiting', 'vat2000', 'vat1000', 'vat550'] as const;
export type FecAccountKey = (typeof FEC_ACCOUNT_KEYS)[number];

export const DEFAULT_FEC_ACCOUNTS: FecAccounts = {
  clients: '411',
  deposits: '4191',
  retention: '4117',
  revenue: '704',
  bank: '512',
  vatWaiting: '44574',
  vat2000: '445712',
  vat1000: '445713',
  vat550: '445714',
};

/** The French name printed in CompteLib for each account. */
export const FEC_ACCOUNT_LABELS: Record<FecAccountKey, string> = {
  clients: 'Clients',
  deposits: 'Clients - avances et acomptes reçus sur commandes',
  retention: 'Clients - retenues de garantie',
  revenue: 'Travaux',
  bank: 'Banque',
  vatWaiting: 'TVA collectée en attente',
  vat2000: 'TVA collectée 20 %',
  vat1000: 'TVA collectée 10 %',
  vat550: 'TVA collectée 5,5 %',
};

/** CompteLib of an account: the revenue's name follows its number (704 travaux, 706 services). */
export function fecAccountLabel(key: FecAccountKey, number: string): string {
  if (key !== 'revenue') return FEC_ACCOUNT_LABELS[key];
  if (number.startsWith('706')) return 'Prestations de services';
  if (number.startsWith('704')) return 'Travaux';
  return 'Ventes';
}

/** The class of the plan comptable général each account must belong to: `4`, `5`, `7`. */
export const FEC_ACCOUNT_CLASSES: Record<FecAccountKey, string> = {
  clients: '41',
  deposits: '41',
  retention: '41',
  revenue: '70',
  bank: '5',
  vatWaiting: '445',
  vat2000: '445',
  vat1000: '445',
  vat550: '445',
};

/** An account number: 3 to 20 digits, within its class of the plan comptable. */
export const FEC_ACCOUNT_PATTERN = /^[0-9]{3,20}$/;

/** The reason an account number is refused, in French, or null. */
export function fecAccountProblem(key: FecAccountKey, value: string): string | null {
  if (!FEC_ACCOUNT_PATTERN.test(value)) return 'Un numéro de compte s’écrit avec 3 à 20 chiffres.';
  const prefix = FEC_ACCOUNT_CLASSES[key];
  if (!value.startsWith(prefix)) return `Ce compte doit commencer par ${prefix} (plan comptable général).`;
  return null;
}

/** The collected-TVA account of a rate, null for 0 %. */
export function vatAccountOf(rateBp: TvaRate): FecAccountKey | null {
  if (rateBp === 2000) return 'vat2000';
  if (rateBp === 1000) return 'vat1000';
  if (rateBp === 550) return 'vat550';
  return null;
}
