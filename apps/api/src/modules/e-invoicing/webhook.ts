import { PaPermanentError } from '../../adapters/e-invoicing/pa-client';
import { parsePaWebhook, verifyPaWebhook } from '../../adapters/e-invoicing/webhook';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { applyLifecycle, type Applied } from './lifecycle';
import * as repo from './repository';
import { webhookSecretOf } from './settings';

export { PA_SIGNATURE_HEADER } from '../../adapters/e-invoicing/webhook';

/**
 * A push from the issuer's PA (decision 1212): the HMAC of the raw body checked with the issuer's
 * webhook secret (401 otherwise, and for an issuer without one), the CDAR statuses read (400 for a
 * body we cannot read), then each applied once.
 */
export async function receiveWebhook(deps: AppDeps, issuerId: number, raw: Buffer, signature: string | string[] | undefined): Promise<Applied> {
  const secret = webhookSecretOf(deps, await repo.findSettings(deps.db, issuerId));
  if (!secret || !verifyPaWebhook(raw, signature, secret)) throw new AppError('UNAUTHENTICATED', 'Signature du webhook absente ou invalide.');
  let events;
  try {
    events = parsePaWebhook(raw);
  } catch (error) {
    if (error instanceof PaPermanentError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  return applyLifecycle(deps, issuerId, events, 'webhook');
}
