import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope, idParam, outboxMail, paginated, paginationQuery } from '@ouvrage/contracts';
import type { mails } from '@ouvrage/db';
import { notFound } from '../../lib/errors';
import * as repo from './repository';

function toDto(row: typeof mails.$inferSelect) {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** The admin's view of every mail the platform wrote (the outbox), newest first. */
export async function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/api/admin/outbox',
    {
      schema: {
        tags: ['Administration'],
        summary: 'Boîte d’envoi des e-mails',
        querystring: paginationQuery.extend({ to: z.string().max(254).optional() }),
        response: { 200: envelope(paginated(outboxMail)), 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { page, per_page, to } = request.query;
      const { rows, total, total_capped } = await repo.listMails(db, { page, perPage: per_page, to });
      return { success: true as const, data: { items: rows.map(toDto), total, total_capped, page, per_page } };
    },
  );

  r.get(
    '/api/admin/outbox/:id',
    {
      schema: {
        tags: ['Administration'],
        summary: 'Un e-mail de la boîte d’envoi',
        params: idParam,
        response: { 200: envelope(outboxMail), 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const row = await repo.findMail(db, request.params.id);
      if (!row) throw notFound('E-mail introuvable.');
      return { success: true as const, data: toDto(row) };
    },
  );
}
