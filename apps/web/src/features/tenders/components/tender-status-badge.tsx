import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  Disponible: 'blue',
  Acceptée: 'green',
  Refusée: 'gray',
  Expirée: 'orange',
  Clôturée: 'dark',
  Retirée: 'red',
};

export function TenderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status] ?? 'gray'}
      variant="light"
      data-testid="tender-status"
      style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`tenders.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
