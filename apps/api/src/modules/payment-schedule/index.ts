/** The payment-schedule module's public entry (decision 1221). */
export { paymentScheduleRoutes, PAYMENT_MILESTONES_JOB } from './routes';
export { prepareDueMilestones } from './reach-milestone';
export { scheduleView } from './schedule-view';
