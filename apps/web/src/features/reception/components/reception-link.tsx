import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** « Réception des travaux » on a validated quote's page: the way to the réception screen. */
export function ReceptionLink({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={`/devis/${quoteId}/reception`} variant="light" data-testid="quote-reception-link">
      {t('reception.link')}
    </Button>
  );
}
