import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '@ouvrage/domain';

/** One colour per status; the label carries the meaning, not the colour alone. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  Émise: 'blue',
  'Partiellement payée': 'teal',
  Payée: 'green',
  'En retard': 'red',
  Annulée: 'gray',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={INVOICE_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      data-testid="invoice-status"
      data-status={status}
      style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`invoices.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
