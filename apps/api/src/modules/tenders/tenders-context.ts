/** What every tender use case shares: its context, the live notifications, the links in mails. */
import type { TenderEvent } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import type { AuthenticatedCaller } from '../../plugins/access-control';
import type { Audience, Notifier } from './notifier';

export type Caller = AuthenticatedCaller;

/** What tender services need: the app's dependencies, the live notifier, and a logger for after-commit work. */
export interface TendersContext {
  deps: AppDeps;
  notifier: Notifier;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** A project as notifications name it: « Rénovation · Lyon ». */
export const projectLabel = (p: { categoryName: string; project: { city: string } }) => [p.categoryName, p.project.city].filter(Boolean).join(' · ');

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const tendersUrl = (deps: AppDeps) => `${deps.config.publicUrl}/list-offre`;
export const projectUrl = (deps: AppDeps, id: number) => `${deps.config.publicUrl}/single-projet/${id}`;

export function notify(ctx: TendersContext, audience: Audience, reason: TenderEvent['reason'], tenderIds: number[]) {
  ctx.notifier.publish(audience, { type: 'tenders', reason, tender_ids: tenderIds });
}
