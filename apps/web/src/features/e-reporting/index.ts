/** What other features may use from e-reporting (decision 1213): the link on the invoice list. */
export { EReportingLink } from './components/e-reporting-link';
