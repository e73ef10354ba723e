/** What other features may use from activity (docs/decisions/0450, 0830): the project screen's timeline. */
export { ProjectTimeline } from './components/project-timeline';
