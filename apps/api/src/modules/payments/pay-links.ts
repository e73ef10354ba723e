import { PAYMENT_ERRORS } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { checkRecordLink, signRecordLink } from '../document-links';

/**
 * An invoice's pay link (decision 0730): the document links' signed, self-expiring statement
 * (`invoice.<id>.<exp>.<hmac>`) under its own purpose, so a pay token opens nothing else. Whoever
 * holds it may see the invoice's amount and payments and pay it by card, without a session —
 * which is what a link sent to the client by mail is for.
 */
const PAY_LINK = { purpose: 'ouvrage/pay-link/v1', kinds: ['invoice'] } as const;

export interface PayLink {
  /** Path of the checkout page in the web app (prefix it with PUBLIC_URL in mails). */
  url: string;
  token: string;
  expires_at: string;
}

export function payLinkFor(deps: AppDeps, invoiceId: number): PayLink {
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + deps.config.payments.payLinkTtlDays * 86_400;
  const token = signRecordLink(deps.config.jwtSecret, PAY_LINK, { kind: 'invoice', id: invoiceId, exp });
  return { url: `/payment/create?facture=${invoiceId}&t=${encodeURIComponent(token)}`, token, expires_at: new Date(exp * 1000).toISOString() };
}

/** The absolute pay link of an invoice, for a mail (the invoices' reminders may use it too). */
export const payLinkUrl = (deps: AppDeps, invoiceId: number) => `${deps.config.publicUrl}${payLinkFor(deps, invoiceId).url}`;

const linkRefusal = (expired: boolean) =>
  expired
    ? new AppError(
        PAYMENT_ERRORS.linkExpired,
        'Ce lien de paiement a expiré. Connectez-vous pour payer la facture, ou demandez un nouveau lien.',
        undefined,
        {},
        403,
      )
    : new AppError(
        PAYMENT_ERRORS.linkInvalid,
        'Ce lien de paiement n’est pas valide. Vérifiez qu’il a été copié en entier, ou connectez-vous pour payer la facture.',
        undefined,
        {},
        403,
      );

/**
 * Who may act on an invoice's payments: its client (logged in), or the holder of its pay link; for
 * reading (`read`), also its issuer and the admins. Anonymous without a link: 401 (log in first).
 */
export function assertPaymentAccess(
  deps: AppDeps,
  options: { caller: Caller | null; token?: string; invoice: { id: number; clientId: number; issuerId: number }; access: 'pay' | 'read' },
): void {
  const { caller, token, invoice, access } = options;
  if (caller && caller.id === invoice.clientId) return;
  if (caller && access === 'read' && (caller.id === invoice.issuerId || caller.user_type === 'admin')) return;
  if (token) {
    const check = checkRecordLink(deps.config.jwtSecret, PAY_LINK, token, deps.clock.now().getTime());
    if (!check.ok) throw linkRefusal(check.reason === 'expired');
    if (check.statement.id !== invoice.id) throw linkRefusal(false);
    return;
  }
  if (!caller) throw new AppError('UNAUTHENTICATED');
  if (access === 'pay' && (caller.id === invoice.issuerId || caller.user_type === 'admin')) {
    throw new AppError(PAYMENT_ERRORS.notTheClient, 'Seul le client de la facture peut la payer.', undefined, {}, 403);
  }
  throw new AppError('FORBIDDEN');
}
