import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountingEndpoints as endpoints, accountingLines as lines, errorEnvelope, exportPeriodQuery, fecQuery } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { getAccounts, saveAccounts } from './accounts';
import { invoicesCsv, paymentsCsv } from './csv-exports';
import { exportFec } from './fec-export';

/** The accountant's exports (issue 37 §3, decision 1210). */
export async function accountingRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Comptabilité'];
  route(app, endpoints.getAccounts, {
    tags,
    summary: 'Mes numéros de compte pour le FEC',
    handler: (r) => getAccounts(deps, callerOf(r).id),
  });
  route(app, endpoints.saveAccounts, {
    tags,
    summary: 'Enregistrer mes numéros de compte pour le FEC',
    handler: (r) => saveAccounts(deps, callerOf(r).id, r.body),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  r.route({
    ...lineRoute(lines.fec),
    schema: { tags, summary: 'Le fichier des écritures comptables (FEC) des ventes d’un exercice', querystring: fecQuery, response: fileErrors },
    handler: async (request, reply) => {
      const { bytes, name } = await exportFec(deps, callerOf(request), request.query);
      return sendFile(reply, { bytes, mime: 'text/plain; charset=utf-8', name, disposition: 'attachment' });
    },
  });
  r.route({
    ...lineRoute(lines.invoicesCsv),
    schema: { tags, summary: 'Les factures et avoirs d’une période (CSV)', querystring: exportPeriodQuery, response: fileErrors },
    handler: async (request, reply) => {
      const { bytes, name } = await invoicesCsv(deps, callerOf(request), request.query);
      return sendFile(reply, { bytes, mime: 'text/csv; charset=utf-8', name, disposition: 'attachment' });
    },
  });
  r.route({
    ...lineRoute(lines.paymentsCsv),
    schema: { tags, summary: 'Les paiements et remboursements d’une période (CSV)', querystring: exportPeriodQuery, response: fileErrors },
    handler: async (request, reply) => {
      const { bytes, name } = await paymentsCsv(deps, callerOf(request), request.query);
      return sendFile(reply, { bytes, mime: 'text/csv; charset=utf-8', name, disposition: 'attachment' });
    },
  });
}
