/** The reception module's public entry (docs/decisions/0450, 0720–0721). */
export { receptionRoutes } from './routes';
export { sendRetentionReminders, RETENTION_REMINDER_JOB } from './retention-reminders';
export { projectActivity as receptionActivity } from './project-activity';
export { receptionsToSign, unreleasedReceptionsOf } from './dashboard-repository';
export { receptionOfQuote, type QuoteReceptionFacts } from './reception-facts';
