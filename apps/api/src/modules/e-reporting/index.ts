/** The e-reporting module's public entry (issue 37 §2, decision 1213): consumer sales reported through the issuer's PA. */
export { eReportingRoutes, E_REPORTING_JOB } from './routes';
export { registerEReportingPa, type EReportingPa, type ReportingIssuer } from './pa-seam';
export { buildDueReports } from './build-reports';
export { refreshSubmitted } from './submit-report';
