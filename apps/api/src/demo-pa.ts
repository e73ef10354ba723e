import { createFakePa, type FakePa } from './adapters/e-invoicing';
import type { FastifyInstance } from 'fastify';
import { connectDemoIssuer } from './modules/e-invoicing';
import { buildDueReports, refreshSubmitted } from './modules/e-reporting';

/**
 * Development (decision 1215): the fake plateforme agréée on 127.0.0.1, in this process, so that
 * the demo's invoices to companies really leave through the AFNOR client and come back with their
 * lifecycle — every well-formed SIREN is in its directory and every invoice is approved, and
 * `/_fake/invoices/{number}/refuse` lets a person or a browser test play a buyer who refuses.
 * The demo architect is connected to it, and the e-reports of closed periods are built at once
 * rather than at the next hourly run.
 */
export async function startDemoPa(app: FastifyInstance, port: number): Promise<FakePa> {
  const pa = createFakePa({ knowsEverySiren: true, autoApprove: true, controlRoutes: true });
  await pa.listen(port);
  try {
    const connection = await connectDemoIssuer(app.deps, pa);
    const reports = await buildDueReports(app.deps, app.log);
    app.log.info({ url: pa.url, demo_architect: connection, e_reports_built: reports }, 'fake plateforme agréée started (development)');
    // The reports sent, then their acknowledgement read, as the hourly run would.
    void app.deps.jobs
      .kick()
      .then(() => refreshSubmitted(app.deps, app.log))
      .catch((err: unknown) => app.log.warn({ err }, 'fake plateforme agréée: e-reports not followed'));
  } catch (error) {
    // The platform works without it: say so, keep going.
    app.log.warn({ err: error, url: pa.url }, 'fake plateforme agréée: demo architect not connected');
  }
  return pa;
}
