import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '@ouvrage/domain';

/** One colour per status, so a list reads at a glance (the label carries the meaning, not the colour alone). */
export const QUOTE_STATUS_COLORS: Record<QuoteStatus, string> = {
  Brouillon: 'gray',
  Envoyé: 'blue',
  Accepté: 'teal',
  Signé: 'cyan',
  Validé: 'green',
  Refusé: 'red',
  Expiré: 'orange',
  Annulé: 'dark',
  Remplacé: 'violet',
  Rétracté: 'grape',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={QUOTE_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      data-testid="quote-status"
      data-status={status}
      style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`quotes.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
