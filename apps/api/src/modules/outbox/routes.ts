import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, desc, eq, sql } from 'drizzle-orm';
import { envelope, errorEnvelope, idParam, outboxMail, paginated, paginationQuery } from '@ouvrage/contracts';
import { mails } from '@ouvrage/db';
import { notFound } from '../../lib/errors';

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
      const where = to ? sql`lower(${mails.toAddress}) = ${to.toLowerCase()}` : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(mails).where(where).orderBy(desc(mails.id)).limit(per_page).offset((page - 1) * per_page),
        db.select({ total: count() }).from(mails).where(where),
      ]);
      return { success: true as const, data: { items: rows.map(toDto), total, page, per_page } };
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
      const [row] = await db.select().from(mails).where(eq(mails.id, request.params.id));
      if (!row) throw notFound('E-mail introuvable.');
      return { success: true as const, data: toDto(row) };
    },
  );
}
