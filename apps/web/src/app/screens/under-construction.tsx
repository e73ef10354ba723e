import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A clear French placeholder inside the shell for screens not built yet. */
export function UnderConstruction({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <Stack data-testid="under-construction">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="blue" title={t('shell.underConstructionTitle')} role="status">
        {t('shell.underConstructionText', { title })}
      </Alert>
    </Stack>
  );
}
