import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The link to « Déclarations e-reporting », on the architect's invoice list next to the accountant's export. */
export function EReportingLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/facture/e-reporting" size="sm" data-testid="e-reporting-link">
      {t('eReporting.link')}
    </Anchor>
  );
}
