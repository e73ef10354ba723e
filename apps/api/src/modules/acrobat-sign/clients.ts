import type { AppDeps } from '../../lib/deps';
import { AcrobatSignError, type AcrobatSignClient } from './client';
import { syncAgreement } from './sync';

/**
 * The client of each app, keyed by its deps: the provider registry is shared by every app of the
 * process (tests build several), so the provider finds its account from the deps it is given.
 */
const clients = new WeakMap<AppDeps, AcrobatSignClient>();

export function useAcrobatSignClient(deps: AppDeps, client: AcrobatSignClient): void {
  clients.set(deps, client);
}

/** The app's Acrobat Sign client; an AcrobatSignError when the app has no account configured. */
export function acrobatSignClientOf(deps: AppDeps): AcrobatSignClient {
  const client = clients.get(deps);
  if (!client) throw new AcrobatSignError('Acrobat Sign n’est pas configuré (ACROBAT_SIGN_*) : un document prévu pour Acrobat Sign ne peut pas être envoyé.');
  return client;
}

/** How long a caller waits for the completions a refresh queued before answering with what it has. */
const COMPLETION_WAIT_MS = 5_000;

/**
 * Re-read these agreements now (a status screen asking), through the same sync as notifications
 * and the poll; signed ones are completed by their job, waited for a few seconds. True when any
 * turned out signed. Without an Acrobat Sign account, or when it cannot be reached, nothing changes.
 */
export async function refreshAgreements(deps: AppDeps, agreementIds: string[]): Promise<boolean> {
  const client = clients.get(deps);
  if (!client) return false;
  const statuses = await Promise.all(agreementIds.map((id) => syncAgreement(deps, client, id).catch(() => null)));
  if (!statuses.includes('SIGNED')) return false;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([deps.jobs.kick(), new Promise<void>((resolve) => (timer = setTimeout(resolve, COMPLETION_WAIT_MS)))]);
  clearTimeout(timer);
  return true;
}
