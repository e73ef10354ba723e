/** The dgd module's public entry (docs/decisions/0450, 1222): the final account of a contract. */
export { dgdRoutes } from './routes';
export { projectActivity as dgdActivity } from './project-activity';
export { dgdsToSign } from './dashboard-repository';
export { establishDemoDgd } from './demo-dgd';
export { latestDgdOf } from './contract-summary';
