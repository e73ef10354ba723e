import type { ActivityKind, ActivityParams } from '@ouvrage/contracts';

/**
 * What a module answers for a project's timeline (issue 12, decision 0830): its own records'
 * events, already narrowed to what the reader may see. The activity module asks each owning module
 * through its index, names the authors in one read of the users module, and sorts.
 */

/**
 * Who reads the timeline. `full`: the project's client or an admin — every record of the project
 * (the client's drafts aside: a draft quote is its issuer's). `participant`: a professional taking
 * part — the project's own history and their own records only, never a competitor's.
 */
export interface ActivityViewer {
  id: number;
  admin: boolean;
  scope: 'full' | 'participant';
  /** The instant of reading: a tender past its deadline reads as expired. */
  now: Date;
}

export interface ActivityItem {
  /** Unique across modules: `<source>:<id>[:<event>]`. */
  key: string;
  kind: ActivityKind;
  at: Date;
  /** The author's user id; null for the platform (an expiry, a payment provider's answer). */
  actorId: number | null;
  params: ActivityParams;
  /** Another user the sentence names (the professional a tender was sent to): named with the authors. */
  partyId?: number;
  link: string | null;
}
