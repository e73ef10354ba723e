import type { FastifyInstance } from 'fastify';
import { eReportingEndpoints as endpoints } from '@ouvrage/contracts';
import { todayInParis } from '@ouvrage/domain';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { buildDueReports, SUBMIT_JOB } from './build-reports';
import { eInvoicingPa } from './e-invoicing-pa';
import { registerEReportingPa } from './pa-seam';
import { getReport, listPeriods, reportDetail } from './reports-view';
import * as repo from './repository';
import { refreshSubmitted, resendReport, submitReport } from './submit-report';

export const E_REPORTING_JOB = 'e-reporting.periods';
/** Hourly: a closed period is built within the hour, well before its deadline (10 days at least). */
export const E_REPORTING_EVERY_MS = 3_600_000;

/** E-reporting of consumer sales (issue 37 §2, decision 1213). */
export async function eReportingRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['E-reporting'];
  app.registerOwnership('e-report', repo.ownersOfReport);
  // The issuers' PA settings are the e-invoicing module's (tests register their own PA after).
  registerEReportingPa(deps, eInvoicingPa(deps));
  deps.jobs.registerJobHandler(SUBMIT_JOB, async (payload, job) => {
    await submitReport(deps, Number(payload.reportId), job);
  });
  deps.jobs.registerRecurringJob(E_REPORTING_JOB, E_REPORTING_EVERY_MS, async () => {
    await buildDueReports(deps, app.log);
    await refreshSubmitted(deps, app.log);
  });

  route(app, endpoints.listPeriods, {
    tags,
    summary: 'Mes déclarations e-reporting d’une année (ventes aux particuliers), période par période',
    handler: (r) => listPeriods(deps, callerOf(r), r.query),
  });
  route(app, endpoints.getReport, { tags, summary: 'Le contenu et l’historique d’une déclaration e-reporting', handler: (r) => getReport(deps, r.params.id) });
  route(app, endpoints.resendReport, {
    tags,
    summary: 'Renvoyer une déclaration e-reporting en échec',
    handler: async (r) => {
      const row = await resendReport(deps, callerOf(r), r.params.id);
      void deps.jobs.kick();
      return reportDetail(row, todayInParis(deps.clock));
    },
  });
}
