import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, forbidden, invalid } from '../../lib/errors';
import { findUser } from './repository';

/**
 * Whose invoices a call reads or sets up — the accountant's exports, e-invoicing settings,
 * e-reports (decisions 1210, 1212, 1213): an architect's own (naming another issuer is refused),
 * an admin's choice by `issuer_id`, which must name an architect.
 */
export async function issuerOf(deps: AppDeps, caller: Caller, issuerId: number | undefined): Promise<number> {
  if (caller.user_type !== 'admin') {
    if (issuerId !== undefined && issuerId !== caller.id) throw forbidden('Vous n’avez accès qu’à vos propres factures et réglages.');
    return caller.id;
  }
  if (issuerId === undefined) throw invalid({ issuer_id: 'Choisissez l’architecte concerné.' });
  const user = await findUser(deps.db, issuerId);
  if (!user || user.userType !== 'architecte') throw new AppError('NOT_FOUND', 'Cet architecte est introuvable.');
  return issuerId;
}
