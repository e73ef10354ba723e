import { z } from 'zod';
import type { AcrobatSignSettings } from '../../config';
import type { AppDeps } from '../../lib/deps';
import { AppError, invalid } from '../../lib/errors';
import { enqueue } from '../jobs';
import { recordNotification } from './repository';
import { SYNC_JOB } from './sync';

/** The header Acrobat Sign sends with every webhook call, and expects echoed (decision 0661). */
export const CLIENT_ID_HEADER = 'x-adobesign-clientid';

/**
 * The webhook's settings, or 404 when no Acrobat Sign account is configured: the route exists for
 * every installation, but only one with an account answers it.
 */
export function webhookSettings(deps: AppDeps): AcrobatSignSettings {
  const settings = deps.config.esign.acrobatSign;
  if (!settings) throw new AppError('NOT_FOUND', 'Acrobat Sign n’est pas configuré sur cette plateforme.');
  return settings;
}

/**
 * Verification of intent and of each notification: Acrobat Sign names the application in
 * X-AdobeSign-ClientId; we answer only for ours, echoing it back. The client id is not a secret,
 * which is why a notification is only a hint to re-read the agreement (decision 0661).
 */
export function checkClientId(settings: AcrobatSignSettings, header: string | string[] | undefined): string {
  const clientId = Array.isArray(header) ? header[0] : header;
  if (!clientId || clientId !== settings.webhookClientId)
    throw new AppError('FORBIDDEN', 'Ce webhook n’accepte que les notifications de l’application Acrobat Sign de la plateforme.');
  return clientId;
}

/** The parts of a notification we read; everything else (status, documents) is re-read from the API. */
const notificationBody = z.object({
  webhookNotificationId: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  agreement: z.object({ id: z.string().min(1).max(200) }).optional(),
});

/**
 * A notification: recorded by its id with, in the same transaction, the job that re-reads its
 * agreement from the API. A notification delivered again finds its id recorded and changes
 * nothing; one about something else than an agreement is acknowledged and left aside.
 */
export async function receiveNotification(deps: AppDeps, body: unknown): Promise<'queued' | 'duplicate' | 'ignored'> {
  const parsed = notificationBody.safeParse(body);
  if (!parsed.success) throw invalid({ webhookNotificationId: 'Notification Acrobat Sign illisible.' });
  const { webhookNotificationId, event, agreement } = parsed.data;
  if (!agreement) return 'ignored';
  const queued = await deps.db.transaction(async (tx) => {
    const fresh = await recordNotification(tx, { notificationId: webhookNotificationId, agreementId: agreement.id, event, receivedAt: deps.clock.now() });
    if (fresh) await enqueue(tx, { kind: SYNC_JOB, payload: { agreementId: agreement.id }, idempotencyKey: `acrobat-notification:${webhookNotificationId}` });
    return fresh;
  });
  if (queued) void deps.jobs.kick();
  return queued ? 'queued' : 'duplicate';
}
