/** What the project use cases share: who calls them and the link to a project in mails. */
import type { AppDeps } from '../../lib/deps';
import type { AuthenticatedCaller } from '../../plugins/access-control';

export type Caller = AuthenticatedCaller;

export const projectUrl = (deps: AppDeps, id: number) => `${deps.config.publicUrl}/single-projet/${id}`;
