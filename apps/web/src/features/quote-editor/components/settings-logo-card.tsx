import { Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteSettings } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { SettingsScope } from '../api/quote-settings';
import { useDeleteQuoteLogo, useQuoteLogoUrl, useUploadQuoteLogo } from '../api/quote-settings-logo';

/** The logo printed on quotes: preview (fetched with the session), upload, delete. */
export function SettingsLogoCard({ scope, settings }: { scope: SettingsScope; settings: QuoteSettings }) {
  const { t } = useTranslation();
  const logo = useQuoteLogoUrl(scope, settings.has_logo, settings.updated_at);
  const upload = useUploadQuoteLogo(scope);
  const remove = useDeleteQuoteLogo(scope);
  return (
    <Card withBorder component="section" aria-labelledby="quote-logo-title">
      <Title order={2} size="h4" mb="sm" id="quote-logo-title">
        {t('quoteSettings.logo.title')}
      </Title>
      <Group align="center">
        {settings.has_logo && logo.data ? (
          <Image src={logo.data} alt={t('quoteSettings.logo.alt')} w={140} h={100} fit="contain" bg="gray.1" radius="sm" data-testid="quote-logo-preview" />
        ) : (
          <Text size="sm" c="dimmed" w={140}>
            {settings.has_logo ? t('quoteSettings.logo.loading') : t('quoteSettings.logo.none')}
          </Text>
        )}
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton accept="image/jpeg,image/png,image/webp" onChange={(file) => file && upload.mutate(file)}>
              {(props) => (
                <Button {...props} variant="light" loading={upload.isPending}>
                  {settings.has_logo ? t('quoteSettings.logo.replace') : t('quoteSettings.logo.upload')}
                </Button>
              )}
            </FileButton>
            {settings.has_logo && (
              <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('quoteSettings.logo.delete')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('quoteSettings.logo.help')}
          </Text>
        </Stack>
      </Group>
      <ErrorAlert error={upload.error ?? remove.error ?? logo.error} />
    </Card>
  );
}
