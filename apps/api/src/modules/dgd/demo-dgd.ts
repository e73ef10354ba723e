import { FINISHED_CONTRACT_TITLE } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { quoteTitled } from '../quotes';
import { findUserByEmail } from '../users';
import { establishDgd } from './establish-dgd';
import * as repo from './repository';

/**
 * Development only (decision 1222): the demo's finished contract gets its final account when the
 * demo is first seeded, established by this module's own code — the figures frozen, the PDF rendered
 * and stored as issued — as the demo architect would from the quote's page. The demo client then
 * accepts (signs) or disputes it. Answers what was done.
 */
export async function establishDemoDgd(deps: AppDeps): Promise<'established' | 'kept' | 'absent'> {
  const architect = await findUserByEmail(deps.db, 'architecte@ouvrage.test');
  if (!architect) return 'absent';
  const quote = await quoteTitled(deps.db, architect.id, FINISHED_CONTRACT_TITLE);
  if (!quote) return 'absent';
  if ((await repo.dgdsOfQuote(deps.db, quote.id)).length) return 'kept';
  await establishDgd(deps, { id: architect.id, user_type: 'architecte', is_validate: 'Validé' }, quote.id, {
    note: 'Travaux reçus sans réserve ; la retenue de garantie sera libérée un an après la réception.',
  });
  return 'established';
}
