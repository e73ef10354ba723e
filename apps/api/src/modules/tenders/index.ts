/** The tenders module's public entry (docs/decisions/0450). */
export { tenderRoutes, tendersOf } from './routes';
export { acceptedProjectsOf, acceptedProfessionalsOfProject, projectsWithVisibleFilesOf, tenderStatusOn } from './repository';
export { projectActivity as tenderActivity } from './project-activity';
export { tendersByMonth } from './admin-figures';
export { acceptedTendersOf, availableTendersOf, tenderAnswerCounts } from './dashboard-repository';
