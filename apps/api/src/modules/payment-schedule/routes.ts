import type { FastifyInstance } from 'fastify';
import { paymentScheduleEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { registerPrintedSchedule, registerScheduleSendingCheck, registerScheduleVersionCopy } from '../quotes';
import { copySchedule } from './repository';
import { issueMilestone } from './issue-milestone';
import { markStageReached, prepareDueMilestones } from './reach-milestone';
import { printedSchedule, scheduleView } from './schedule-view';
import { deleteSchedule, scheduleSendingCheck, setSchedule } from './set-schedule';

export const PAYMENT_MILESTONES_JOB = 'payment-schedule.due-milestones';
/** Hourly: a deposit or a dated milestone is prepared within the hour of its day (Paris). */
export const PAYMENT_MILESTONES_EVERY_MS = 3_600_000;

/** The payment schedule signed with the quote (issue 38 §2, decision 1221). Ownership: the quotes module's `quote`. */
export async function paymentScheduleRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Échéancier'];
  registerPrintedSchedule(printedSchedule);
  registerScheduleSendingCheck(scheduleSendingCheck);
  registerScheduleVersionCopy((tx, from, to) => copySchedule(tx, from.quoteId, to.quoteId, to.at));
  deps.jobs.registerRecurringJob(PAYMENT_MILESTONES_JOB, PAYMENT_MILESTONES_EVERY_MS, async () => {
    await prepareDueMilestones(deps, app.log);
  });

  route(app, endpoints.getSchedule, {
    tags,
    summary: 'L’échéancier d’un devis : ses échéances, leur état et ce qui est payé',
    handler: (r) => scheduleView(deps, deps.db, r.params.id, callerOf(r)),
  });
  route(app, endpoints.setSchedule, {
    tags,
    summary: 'Fixer l’échéancier d’un devis en brouillon',
    handler: (r) => setSchedule(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.deleteSchedule, {
    tags,
    summary: 'Retirer l’échéancier d’un devis en brouillon',
    handler: (r) => deleteSchedule(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.markReached, {
    tags,
    summary: 'Marquer une étape atteinte : la facture de l’échéance est préparée, le client prévenu',
    handler: (r) => markStageReached(deps, callerOf(r), r.params.id, r.body.position),
  });
  route(app, endpoints.issueMilestone, {
    tags,
    summary: 'Émettre la facture préparée d’une échéance atteinte',
    handler: (r) => issueMilestone(deps, callerOf(r), r.params.id, r.body.position, r.body.site_log_entry_ids),
  });
}
