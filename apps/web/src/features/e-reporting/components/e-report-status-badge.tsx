import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EReportStatus } from '@ouvrage/domain';

/** One colour per status; the label carries the meaning (decision 1213). */
const COLORS: Record<EReportStatus, string> = {
  upcoming: 'gray',
  'in-progress': 'blue',
  submitted: 'cyan',
  accepted: 'green',
  rejected: 'orange',
  late: 'red',
  failed: 'red',
};

export function EReportStatusBadge({ status }: { status: EReportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="e-report-status" data-status={status} style={{ textTransform: 'none', flexShrink: 0 }}>
      {t(`eReporting.statuses.${status}`)}
    </Badge>
  );
}
