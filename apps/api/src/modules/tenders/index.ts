/** The tenders module's public entry (docs/decisions/0450). */
export { tenderRoutes, tendersOf } from './routes';
export { acceptedProjectsOf, acceptedProfessionalsOfProject, projectsWithVisibleFilesOf } from './repository';
