import type { FastifyInstance } from 'fastify';
import { authRoutes, registerAccounts } from './auth';
import { catalogRoutes } from './catalog';
import { projectRoutes } from './projects';
import { tenderRoutes } from './tenders';
import { notificationRoutes, registerRecipients } from './notifications';
import { geoRoutes } from './geo';
import { healthRoutes } from './health';
import { jobRoutes } from './jobs';
import { outboxRoutes } from './outbox';
import { professionalAccounts, professionalRoutes } from './professionals';
import { authAccounts, notificationRecipients, registerProfessionalAccounts, userRoutes } from './users';
import { productRoutes } from './products';
import { quoteRoutes } from './quotes';
import { documentLinkRoutes } from './document-links';
import { sealVerificationRoutes } from './seal-verification';
import { signatureRoutes } from './signature';
import { documentRoutes } from './documents';
import { acrobatSignRoutes } from './acrobat-sign';
import { signApiRoutes } from './sign-api';
import { invoiceRoutes } from './invoices';
import { paymentRoutes } from './payments';
import { receptionRoutes } from './reception';
import { adminDashboardRoutes } from './admin-dashboard';
import { activityRoutes } from './activity';
import { dashboardRoutes } from './dashboard';

/** Every feature module, registered by the root plugin. Add new modules here. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  // The auth and notifications modules read the users module's accounts through these contracts (decision 1190).
  registerAccounts(app.deps, authAccounts);
  registerRecipients(app.deps, notificationRecipients);
  await app.register(authRoutes);
  await app.register(outboxRoutes);
  await app.register(jobRoutes);
  await app.register(geoRoutes);
  await app.register(catalogRoutes);
  await app.register(projectRoutes);
  await app.register(professionalRoutes);
  // The users module's admin screens read professional profiles through this contract (decision 1180).
  registerProfessionalAccounts(app.deps, professionalAccounts);
  await app.register(userRoutes);
  await app.register(notificationRoutes); // before tenders: it creates the live notifier they share
  await app.register(tenderRoutes);
  await app.register(productRoutes);
  await app.register(quoteRoutes);
  await app.register(documentLinkRoutes);
  await app.register(sealVerificationRoutes);
  await app.register(signatureRoutes);
  await app.register(documentRoutes);
  await app.register(acrobatSignRoutes);
  await app.register(signApiRoutes);
  await app.register(invoiceRoutes);
  await app.register(paymentRoutes);
  await app.register(receptionRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(activityRoutes);
  await app.register(dashboardRoutes);
}
