import type { z } from 'zod';
import type { eInvoicingTestResult } from '@ouvrage/contracts';
import { PaPermanentError } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';
import { companiesOf } from '../professionals';
import * as repo from './repository';
import { connectionOf, webhookSecretOf, webhookUrlOf } from './settings';

type TestResult = z.infer<typeof eInvoicingTestResult>;

const failure = (code: string, error: unknown): TestResult => ({
  ok: false,
  code,
  reason: error instanceof Error ? error.message.slice(0, 500) : String(error),
});

/** The issuer's SIREN (company SIREN, else its SIRET's first nine digits): the directory is asked about it. */
async function ownSiren(deps: AppDeps, issuerId: number): Promise<string> {
  const [company] = await companiesOf(deps.db, [issuerId]);
  const siren = company?.siren?.replace(/\s+/g, '') || company?.siret?.replace(/\s+/g, '').slice(0, 9) || '';
  // Any well-formed SIREN proves the token and the directory answer; the platform's SIREN-like placeholder otherwise.
  return /^\d{9}$/.test(siren) ? siren : '000000000';
}

/**
 * « Tester la connexion » (decision 1212): a token and a directory call with the saved settings,
 * then the webhook registered at the PA with the issuer's secret. Answers ok or the reason; never
 * throws for a PA that refuses or does not answer.
 */
export async function testConnection(deps: AppDeps, issuerId: number): Promise<TestResult> {
  const row = await repo.findSettings(deps.db, issuerId);
  const conn = connectionOf(deps, row);
  if (!conn) return { ok: false, code: 'PA_NOT_CONFIGURED', reason: null };
  try {
    await deps.paClient.lookupBuyer(conn, await ownSiren(deps, issuerId));
  } catch (error) {
    return failure(error instanceof PaPermanentError ? 'PA_REFUSED' : 'PA_UNREACHABLE', error);
  }
  const secret = webhookSecretOf(deps, row);
  if (secret) {
    try {
      await deps.paClient.registerWebhook(conn, webhookUrlOf(deps, issuerId), secret);
    } catch (error) {
      return failure('PA_WEBHOOK_REFUSED', error);
    }
  }
  return { ok: true, code: null, reason: null };
}
