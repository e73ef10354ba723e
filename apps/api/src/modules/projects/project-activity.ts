/** The project's own history as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem } from '../../lib/project-activity';
import * as repo from './repository';

const KIND = {
  created: 'project.created',
  updated: 'project.updated',
  state: 'project.state',
  stage: 'project.stage',
  detail: 'project.detail',
  file: 'project.file',
} as const;

/**
 * The project's client and its history (creation, edits, state and stage changes, details and
 * files added, with the admin's comment of a change): public to everyone who may open the project,
 * as on the project screen. Null for an unknown project. Two queries.
 */
export async function projectActivity(executor: Executor, projectId: number): Promise<{ clientId: number; items: ActivityItem[] } | null> {
  const [clientId, rows] = await Promise.all([repo.clientOfProject(executor, projectId), repo.listActivity(executor, projectId)]);
  if (clientId === null) return null;
  const link = `/single-projet/${projectId}`;
  const items = rows.map((a): ActivityItem => {
    const kind = KIND[a.action];
    const params =
      a.action === 'state' || a.action === 'stage'
        ? { from: a.fromValue ?? undefined, to: a.toValue ?? undefined, ...(a.message ? { text: a.message } : {}) }
        : a.action === 'created'
          ? { to: a.toValue ?? undefined }
          : a.message
            ? { text: a.message }
            : {};
    return { key: `project:${a.id}`, kind, at: a.createdAt, actorId: a.actorId, params, link };
  });
  return { clientId, items };
}
