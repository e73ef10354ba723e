import type { Executor } from '@ouvrage/db';
import { avenantInvoicedRefusal, avenantRefusal } from '@ouvrage/domain';
import { refused } from '../../lib/errors';
import { priorInvoices } from '../invoices';
import { amountsOf, lotsBefore, type AvenantContext } from './avenant-views';
import { contractClosedRefusal } from './contract-closures';
import type { AvenantRow } from './repository';

/**
 * The avenant's rules checked against the contract as it stands, under the quote's lock (decision
 * 1220): its lines and amounts, then what was already invoiced — an avenant taking a lot or a rate
 * below it is refused until the architect issues an avoir. Checked when it is sent and again at
 * each step of its signature, since invoices and other avenants may have come in between; and
 * refused while a final account (DGD) of the quote is issued or accepted.
 */
export async function checkAvenantApplies(tx: Executor, ctx: AvenantContext, row: AvenantRow): Promise<void> {
  // A final account issued or accepted closes the contract (decision 1222).
  const closed = await contractClosedRefusal(tx, ctx.quote.id);
  if (closed) throw refused(closed);
  const rule = avenantRefusal(lotsBefore(ctx, row), row.lots);
  if (rule) throw refused(rule);
  const invoiced = avenantInvoicedRefusal(amountsOf(ctx, row), await priorInvoices(tx, ctx.quote.id));
  if (invoiced) throw refused(invoiced);
}
