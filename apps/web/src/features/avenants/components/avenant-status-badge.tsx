import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AvenantStatus } from '@ouvrage/domain';

/** One colour per status; the label carries the meaning, not the colour alone. */
export const AVENANT_STATUS_COLORS: Record<AvenantStatus, string> = { Brouillon: 'gray', Envoyé: 'blue', Signé: 'green', Refusé: 'red', Rétracté: 'orange' };

export function AvenantStatusBadge({ status }: { status: AvenantStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={AVENANT_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      data-testid="avenant-status"
      data-status={status}
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {t(`avenants.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
