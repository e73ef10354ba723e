import type { z } from 'zod';
import type { awaitingAction, eInvoicingConnections } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { findUsers } from '../users';
import * as repo from './repository';
import { submissionAnswer } from './submission';

/** What awaits the architect: failed submissions and invoices refused, rejected, disputed or misrouted. */
export async function awaitingActionOf(deps: AppDeps, issuerId: number): Promise<z.infer<typeof awaitingAction>> {
  return { items: (await repo.awaitingOf(deps.db, issuerId)).map(submissionAnswer) };
}

/** The admin's view: every issuer who ever set e-invoicing, their mode and their submissions by state. */
export async function connectionsOverview(deps: AppDeps): Promise<z.infer<typeof eInvoicingConnections>> {
  const [settings, counts] = await Promise.all([repo.allSettings(deps.db), repo.countsByIssuer(deps.db)]);
  const people = new Map(
    (
      await findUsers(
        deps.db,
        settings.map((s) => s.userId),
      )
    ).map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]),
  );
  const count = (issuerId: number, state: string) => counts.find((c) => c.issuerId === issuerId && c.state === state)?.total ?? 0;
  return {
    items: settings.map((s) => ({
      issuer_id: s.userId,
      issuer_name: people.get(s.userId) ?? '',
      pa_mode: s.paMode,
      secret_configured: Boolean(s.secretEncrypted),
      lifecycle_cursor: s.lifecycleCursor?.toISOString() ?? null,
      pending: count(s.userId, 'pending'),
      submitted: count(s.userId, 'submitted'),
      failed: count(s.userId, 'failed'),
      action: count(s.userId, 'action'),
    })),
  };
}
