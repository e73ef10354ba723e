import { eq } from 'drizzle-orm';
import { accountingSettings, type AccountingSettingsRow, type Executor } from '@ouvrage/db';

export type { AccountingSettingsRow };
type Values = Omit<typeof accountingSettings.$inferInsert, 'userId'>;

export async function findAccounts(db: Executor, userId: number): Promise<AccountingSettingsRow | undefined> {
  const [row] = await db.select().from(accountingSettings).where(eq(accountingSettings.userId, userId));
  return row;
}

export async function upsertAccounts(db: Executor, userId: number, values: Values): Promise<AccountingSettingsRow> {
  const [row] = await db
    .insert(accountingSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: accountingSettings.userId, set: values })
    .returning();
  return row;
}
