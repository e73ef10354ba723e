import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@ouvrage/domain';

const COLOURS: Record<ReportStatus, string> = { open: 'red', handled: 'teal', dismissed: 'gray' };

/** A report's status: open, handled, dismissed. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="light" data-testid="report-status">
      {t(`conversations.report.statuses.${status}`)}
    </Badge>
  );
}
