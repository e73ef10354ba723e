import { asc, eq } from 'drizzle-orm';
import { offers } from '@ouvrage/db';
import type { ExportPart } from '../data-export';

/** A professional's tenders, in their data export (decision 1233): the project, the status, their answer. */
export const tendersExport: ExportPart = {
  name: 'tenders',
  collect: async ({ db, user }) => {
    const rows = await db.select().from(offers).where(eq(offers.professionalId, user.id)).orderBy(asc(offers.id));
    return rows.map((o) => ({
      id: o.id,
      project_id: o.projectId,
      status: o.status,
      reply_deadline: o.replyDeadline?.toISOString() ?? null,
      message_from_ouvrage: o.adminMessage,
      refusal_reason: o.refusalReason,
      answered_at: o.answeredAt?.toISOString() ?? null,
      closed_at: o.closedAt?.toISOString() ?? null,
      created_at: o.createdAt.toISOString(),
    }));
  },
};
