/**
 * The projects module's public entry (docs/decisions/0450). Other modules read projects and move
 * their state only through these; functions that write take the caller's transaction.
 */
export { projectRoutes } from './routes';
export { budgetLabel } from './mails';
export { changeState } from './change-project-state';
export { advanceStage } from './advance-stage';
export { readFile, ownershipResolver as projectOwnersResolver } from './service';
export { registerProjectParticipants, type ProjectParticipants } from './participants';
export { registerCancellationGuard, type CancellationGuard } from './cancellation-guards';
export {
  filesOfProjects,
  recentProjectFiles,
  findFile as findProjectFile,
  lockProject,
  projectLabelsByIds,
  projectsByIds,
  projectClosedOf,
  type ProjectForOthers,
  type ProjectLabel,
} from './repository';
export { findProjectIdsBySearch } from './project-views';
export { projectActivity } from './project-activity';
export { clientProjectIds } from './personal-data';
export { projectBoard, projectsByState, projectsToReview, type BoardCardRow } from './admin-figures';
export { clientProjectsOverview } from './dashboard-repository';
export { projectDepartements } from './departements';
