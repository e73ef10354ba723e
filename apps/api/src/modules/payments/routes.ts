import type { FastifyInstance } from 'fastify';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { paymentsExport } from './personal-data';
import { cardRoutes } from './card-routes';
import * as repo from './repository';
import { sepaRoutes } from './sepa-routes';
import { transferRoutes } from './transfer-routes';
import { acceptUploads } from '../../lib/uploads';

/** Payments of invoices (issue 11, decision 0730): by card, by bank transfer, by SEPA direct debit (decision 1223). */
export async function paymentRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  app.registerOwnership('payment', repo.ownersOfPayment);
  // Payments are accounting records kept 10 years, like the invoices they pay.
  registerRetention(app.deps, { name: 'payments', retains: repo.paymentsNameUser });
  registerExport(app.deps, paymentsExport);
  await cardRoutes(app);
  await transferRoutes(app);
  await sepaRoutes(app);
}
