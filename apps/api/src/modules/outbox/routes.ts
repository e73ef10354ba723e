import type { FastifyInstance } from 'fastify';
import { outboxEndpoints as endpoints } from '@ouvrage/contracts';
import type { MailRow } from '@ouvrage/db';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { findOutboxMail, listOutboxMails } from '../mail';

function toDto(row: MailRow) {
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
  const { db } = app.deps;
  const tags = ['Administration'];

  route(app, endpoints.listOutbox, {
    tags,
    summary: 'Boîte d’envoi des e-mails',
    handler: async (request) => {
      const { page, per_page, to } = request.query;
      const { rows, total, total_capped } = await listOutboxMails(db, { page, perPage: per_page, to });
      return { items: rows.map(toDto), total, total_capped, page, per_page };
    },
  });

  route(app, endpoints.getOutboxMail, {
    tags,
    summary: 'Un e-mail de la boîte d’envoi',
    handler: async (request) => {
      const row = await findOutboxMail(db, request.params.id);
      if (!row) throw notFound('E-mail introuvable.');
      return toDto(row);
    },
  });
}
