import { z } from 'zod';
import type { invoiceSettings, invoiceSettingsBody } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import * as repo from './repository';

type Settings = z.infer<typeof invoiceSettings>;

/** The issuer's bank details and TVA-on-debits option printed on their invoices (decision 0704). */
export async function getSettings(deps: AppDeps, userId: number): Promise<Settings> {
  const row = await repo.findSettings(deps.db, userId);
  return { iban: row?.iban ?? '', bic: row?.bic ?? '', tva_on_debits: row?.tvaOnDebits ?? false };
}

export async function saveSettings(deps: AppDeps, userId: number, body: z.output<typeof invoiceSettingsBody>): Promise<Settings> {
  const row = await repo.upsertSettings(deps.db, userId, {
    iban: body.iban || null,
    bic: body.bic || null,
    tvaOnDebits: body.tva_on_debits,
    updatedAt: deps.clock.now(),
  });
  return { iban: row.iban ?? '', bic: row.bic ?? '', tva_on_debits: row.tvaOnDebits };
}
