import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/use-error-message';

/** A visible, French (or translated) failure message: failures are never silent. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  if (!error) return null;
  return (
    <Alert color="red" title={t('common.errorTitle')} role="alert" variant="light">
      {message(error)}
    </Alert>
  );
}
