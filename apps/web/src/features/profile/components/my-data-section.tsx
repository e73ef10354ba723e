import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDownload } from '../../../lib/download';
import { myDataFile } from '../api/my-data';

/**
 * « Mes données » on /profil: the person downloads everything the platform keeps about them as a
 * ZIP (RGPD art. 15 and 20, decision 1233). A second try within 10 minutes is refused by the API
 * (429), its message shown here in the reader's language.
 */
export function MyDataSection() {
  const { t } = useTranslation();
  const file = useDownload();
  const [saved, setSaved] = useState(false);
  const download = async () => {
    setSaved(false);
    setSaved(await file.download(myDataFile()));
  };
  return (
    <Card withBorder component="section" aria-labelledby="my-data-title" data-testid="my-data">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-data-title">
          {t('profile.myData.title')}
        </Title>
        <Text size="sm">{t('profile.myData.intro')}</Text>
        {saved && (
          <Alert color="teal" role="status">
            {t('profile.myData.saved')}
          </Alert>
        )}
        <ErrorAlert error={file.error} />
        <Button onClick={() => void download()} loading={file.pending} w={{ base: '100%', sm: 'fit-content' }} data-testid="my-data-download">
          {t('profile.myData.download')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('profile.myData.limit')}
        </Text>
      </Stack>
    </Card>
  );
}
