import { PaPermanentError } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import * as repo from './repository';
import { connectionOf } from './settings';

/**
 * Before an invoice to a business client is issued by an issuer with a PA (decision 1212): the
 * buyer is looked up in the directory by SIREN, outside the issuing transaction (no counter row
 * held during a network call), and its routing address goes in BT-49. A buyer not in the
 * directory is refused (400) before any number is taken. A PA that does not answer does not stop
 * the issue: the buyer is addressed at its SIREN (scheme 0225) and the submission job retries.
 */
export async function buyerRoutingAddress(deps: AppDeps, issuerId: number, buyerSiren: string | null): Promise<string | null> {
  if (!buyerSiren) return null;
  const conn = connectionOf(deps, await repo.findSettings(deps.db, issuerId));
  if (!conn) return null;
  let line;
  try {
    line = await deps.paClient.lookupBuyer(conn, buyerSiren);
  } catch (error) {
    if (error instanceof PaPermanentError) throw buyerNotFound(buyerSiren);
    return null;
  }
  if (!line) throw buyerNotFound(buyerSiren);
  return line.routingAddress;
}

const buyerNotFound = (siren: string) =>
  new AppError(
    'E_INVOICING_BUYER_NOT_IN_DIRECTORY',
    `Le client (SIREN ${siren}) n’est pas inscrit à l’annuaire de la facturation électronique : vérifiez son SIREN, ou demandez-lui de choisir sa plateforme agréée avant de lui facturer.`,
    undefined,
    { siren },
    400,
  );
