import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The editor's one note when the architect does not take part: no reference on any line. */
export function OptedOutNote() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" data-testid="price-references-opted-out">
      {t('priceReferences.optedOut.text')}{' '}
      <Anchor component={Link} to="/devis/parametre" size="xs">
        {t('priceReferences.optedOut.link')}
      </Anchor>
    </Text>
  );
}
