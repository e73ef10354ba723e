import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { hashPassword } from '../password-hash';
import { appMeta, users } from '../schema';
import { seedCatalog } from './catalog';
import { seedDemoProfessionals } from './demo-professionals';
import { seedProfessions } from './professions';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoProjects } from './demo-projects';
import { seedDemoTenders } from './demo-tenders';
import { seedDemoProducts } from './demo-products';
import { seedDemoQuotes } from './demo-quotes';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoTransfers } from './demo-transfers';
import { seedDemoCardPayments } from './demo-card-payments';
import { seedDemoFinishedContract } from './demo-finished-contract';
import { seedDemoInvoiceCases } from './demo-invoice-cases';
import { seedDemoEInvoicing } from './demo-e-invoicing';
import { seedDemoReception } from './demo-reception';
import { seedDemoAdminDashboard } from './demo-admin-dashboard';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoMediator } from './demo-mediator';
import { seedDemoConversations } from './demo-conversations';
import { seedDemoSiteLog } from './demo-site-log';
import { seedDemoPriceReferences } from './demo-price-references';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
export { FINISHED_CONTRACT_TITLE } from './demo-finished-contract';

/**
 * Reference data every installation needs (categories, goods, professions…), idempotent.
 * Modules append their own seeders to this list.
 */
export const referenceSeeders: Array<(handle: DatabaseHandle) => Promise<void>> = [seedCatalog, seedProfessions];

/** Demo data, added by modules after the demo accounts exist. */
export const demoSeeders: Array<(handle: DatabaseHandle) => Promise<void>> = [
  seedDemoProfessionals,
  seedDemoProjects,
  seedDemoTenders,
  seedDemoProducts,
  seedDemoQuotes,
  seedDemoFinishedContract,
  seedDemoInvoices,
  seedDemoReception,
  seedDemoTransfers,
  seedDemoCardPayments,
  seedDemoInvoiceCases,
  seedDemoEInvoicing,
  seedDemoNotifications,
  seedDemoAdminDashboard,
  seedDemoMediator,
  seedDemoConversations,
  seedDemoSiteLog,
  seedDemoPriceReferences,
];

export async function seedReference(handle: DatabaseHandle): Promise<void> {
  for (const seeder of referenceSeeders) await seeder(handle);
}

/** Seed demo data on the first run only; refuses in production. Returns whether it seeded. */
export async function seedDemo(handle: DatabaseHandle, env: { production: boolean }): Promise<boolean> {
  if (env.production) return false;
  const { db } = handle;
  const done = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_seeded_at'));
  if (done.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          firstname: account.firstname,
          lastname: account.lastname,
          userType: account.user_type,
          isValidate: account.is_validate,
          country: 'France',
        })
        .onConflictDoNothing();
    }
    await tx.insert(appMeta).values({ key: 'demo_seeded_at', value: new Date().toISOString() });
  });
  for (const seeder of demoSeeders) await seeder(handle);
  return true;
}
