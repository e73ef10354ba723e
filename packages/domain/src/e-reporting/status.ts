/**
 * A report's life (decision 1213): built as `draft`, `submitted` once the PA took the flow,
 * `accepted` or `rejected` when the PA says so, `failed` when the PA refused it for good or could
 * not be read (the architect may send it again). The screen's status adds the periods not yet
 * closed (`upcoming`) and the reports past their due date and not accepted (`late`).
 */

export const E_REPORT_STATES = ['draft', 'submitted', 'accepted', 'rejected', 'failed'] as const;
export type EReportState = (typeof E_REPORT_STATES)[number];

export const E_REPORT_STATUSES = ['upcoming', 'in-progress', 'submitted', 'accepted', 'rejected', 'late', 'failed'] as const;
export type EReportStatus = (typeof E_REPORT_STATUSES)[number];

/**
 * Late: past its due date and not accepted — unless it was filed by the due date and only awaits
 * the PA's word (the deadline is the filing's).
 */
export function isReportLate(report: { state: EReportState | null; dueDate: string; submittedOn?: string | null }, today: string): boolean {
  if (report.state === 'accepted' || today <= report.dueDate) return false;
  return !(report.state === 'submitted' && report.submittedOn != null && report.submittedOn <= report.dueDate);
}

/** The badge of a period: `state` null when no report exists yet (the period is still open, or the job has not run). */
export function reportStatus(
  report: { state: EReportState | null; dueDate: string; periodEnd: string; submittedOn?: string | null },
  today: string,
): EReportStatus {
  if (report.state === 'accepted') return 'accepted';
  if (report.state === 'rejected') return 'rejected';
  if (report.state === 'failed') return 'failed';
  if (isReportLate(report, today)) return 'late';
  if (report.state === 'submitted') return 'submitted';
  if (report.state === null && today <= report.periodEnd) return 'upcoming';
  return 'in-progress';
}

/**
 * Only a report the PA never took is sent again by hand. A rejected one is at the PA under its
 * tracking id: it is corrected by a new report naming it (not done yet, decision 1213).
 */
export function canResendReport(state: EReportState): boolean {
  return state === 'failed';
}

/**
 * PA lifecycle codes (CDAR) as a report's state: 213 Rejetée, 210 Refusée, 221 Erreur de routage
 * → rejected; 200 Déposée → still submitted; any other status (received, made available…) means
 * the PA passed it on → accepted. Without a status, the flow's acknowledgement (the AFNOR API's
 * `acknowledgement.status` of the flow: Ok once checked, Error when refused) decides.
 */
export function reportStateOfLifecycle(codes: readonly number[], acknowledgement?: 'Pending' | 'Ok' | 'Error'): 'submitted' | 'accepted' | 'rejected' {
  if (acknowledgement === 'Error') return 'rejected';
  if (codes.some((c) => c === 213 || c === 210 || c === 221)) return 'rejected';
  if (codes.some((c) => c !== 200)) return 'accepted';
  return acknowledgement === 'Ok' ? 'accepted' : 'submitted';
}

/** The stable tracking id of a report: a retry sends the same one, and the PA refuses a second flow with it. */
export function eReportTrackingId(siren: string, kind: 'transactions' | 'payments', periodStart: string): string {
  return `ER-${siren}-${kind === 'transactions' ? 'T' : 'P'}-${periodStart.replaceAll('-', '')}`;
}
