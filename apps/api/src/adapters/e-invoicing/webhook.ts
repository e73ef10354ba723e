import { createHmac, timingSafeEqual } from 'node:crypto';
import { CdarParseError, parseCdar, type CdarStatus } from '@ouvrage/domain';
import { LIFECYCLE_CODES, PaPermanentError, type LifecycleCode, type LifecycleEvent } from './pa-client';

/**
 * The PA's pushes (`POST /v1/webhooks` registered a URL and a secret): a JSON body
 * `{ events: [{ flowId, trackingId?, cdar }] }`, each event carrying its CDAR message, signed with
 * HMAC-SHA256 of the raw body under the secret, hex, in `X-PA-Signature` (`sha256=` prefix
 * accepted). The same shape the fake PA sends (decision 1211).
 */
export const PA_SIGNATURE_HEADER = 'x-pa-signature';

export function signPaWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** True when `signatureHeader` is the body's HMAC under `secret` (compared in constant time). */
export function verifyPaWebhook(rawBody: string | Buffer, signatureHeader: string | string[] | undefined, secret: string): boolean {
  const header = Array.isArray(signatureHeader) ? signatureHeader[0] : signatureHeader;
  if (!header || !secret) return false;
  const given = header.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(signPaWebhook(rawBody, secret), 'hex'));
}

const isLifecycleCode = (code: number): code is LifecycleCode => (LIFECYCLE_CODES as readonly number[]).includes(code);

/** The event a CDAR status gives for one of our flows; null for a status we do not follow (209 Complétée, 214 Visée…). */
export function lifecycleEventOf(flowId: string, status: CdarStatus): LifecycleEvent | null {
  if (!isLifecycleCode(status.code)) return null;
  const event: LifecycleEvent = { flowId, trackingId: status.invoiceNumber, code: status.code, at: status.at, messageId: status.messageId };
  if (status.reason ?? status.reasonCode) event.reason = status.reason ?? status.reasonCode;
  if (status.reasonCode) event.reasonCode = status.reasonCode;
  if (status.amountCents !== undefined) event.amountCents = status.amountCents;
  return event;
}

/**
 * The statuses a push carries (raw body or parsed JSON). A body we cannot read — not JSON, no
 * events, an event without its flow or with a broken CDAR — is a PaPermanentError: answer 400.
 */
export function parsePaWebhook(body: string | Buffer | unknown): LifecycleEvent[] {
  let payload: unknown = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      payload = JSON.parse(body.toString());
    } catch {
      throw new PaPermanentError('Notification de la plateforme agréée illisible : pas du JSON.');
    }
  }
  const events = (payload as { events?: unknown })?.events;
  if (!Array.isArray(events)) throw new PaPermanentError('Notification de la plateforme agréée sans liste « events ».');
  const out: LifecycleEvent[] = [];
  for (const item of events as Array<Record<string, unknown>>) {
    if (typeof item?.flowId !== 'string' || item.flowId === '' || typeof item.cdar !== 'string')
      throw new PaPermanentError('Notification de la plateforme agréée : un événement sans flowId ou sans message CDAR.');
    let status: CdarStatus;
    try {
      status = parseCdar(item.cdar);
    } catch (error) {
      throw new PaPermanentError(error instanceof CdarParseError ? error.message : 'Notification de la plateforme agréée : message CDAR illisible.');
    }
    if (typeof item.trackingId === 'string' && item.trackingId !== status.invoiceNumber)
      throw new PaPermanentError(`Notification de la plateforme agréée : le message CDAR parle de ${status.invoiceNumber}, pas de ${item.trackingId}.`);
    const event = lifecycleEventOf(item.flowId, status);
    if (event) out.push(event);
  }
  return out;
}
