import { SIGN_CODE_TRIES } from '@ouvrage/domain';
import { AppError, forbidden, notFound, refuse } from '../../lib/errors';

/** Every refusal of the code step (decision 0623): a code, a French sentence, its parameters. */

export const quoteNotFound = () => notFound('Ce devis est introuvable.');
export const notTheSigner = () => forbidden('Seul le client destinataire de ce devis peut le signer.');
export const notSignable = (status: string) =>
  refuse('SIGN_QUOTE_NOT_ACCEPTED', `Ce devis est « ${status} » : seul un devis accepté peut être signé.`, { status });
export const alreadySigned = () => refuse('SIGN_ALREADY_COMPLETED', 'Ce devis est déjà signé.');
export const noSession = () => refuse('SIGN_NO_SESSION', 'Demandez d’abord un code de signature.');
export const codeExpired = () => refuse('SIGN_CODE_EXPIRED', 'Ce code a expiré. Demandez un nouveau code.');
export const codeLocked = () =>
  new AppError('SIGN_CODE_LOCKED', `Trop de codes erronés (${SIGN_CODE_TRIES}). Demandez un nouveau code.`, undefined, { tries: SIGN_CODE_TRIES }, 429);
export const codeWrong = (triesLeft: number) =>
  new AppError(
    'SIGN_CODE_WRONG',
    triesLeft > 1 ? `Code incorrect. Il vous reste ${triesLeft} essais.` : 'Code incorrect. Il vous reste un essai.',
    { code: 'Code incorrect.' },
    { tries_left: triesLeft },
    400,
  );
export const resendLimit = (retryAfterS: number) =>
  new AppError(
    'SIGN_CODE_RESEND_LIMIT',
    `Un code vient d’être envoyé. Vous pourrez en demander un nouveau dans ${retryAfterS} secondes.`,
    undefined,
    { retry_after_s: retryAfterS },
    429,
  );
