import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The link to the bank details settings (`/facture/parametre`), on the invoice list for the architect. */
export function InvoiceSettingsLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/facture/parametre" size="sm" data-testid="invoice-settings-link">
      {t('bankTransfers.settings.link')}
    </Anchor>
  );
}
