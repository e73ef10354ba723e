import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DescribedSwitch } from '../../../components/ui/described-switch';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ltr } from '../../../lib/bidi';
import { formatDate } from '../../../lib/format';
import { useParticipation, useSetParticipation } from '../api/participation';

/**
 * « Prix de référence » on the quote settings: what taking part means, and the switch, saved at
 * once with a sentence that says what now holds.
 */
export function ParticipationCard() {
  const { t } = useTranslation();
  const participation = useParticipation();
  const save = useSetParticipation();
  const [saved, setSaved] = useState<boolean | null>(null);
  const data = participation.data;
  return (
    <Card withBorder component="section" aria-labelledby="price-references-participation-title" data-testid="price-references-participation">
      <Title order={2} size="h4" mb="sm" id="price-references-participation-title">
        {t('priceReferences.participation.title')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t('priceReferences.participation.intro')}</Text>
        <ErrorAlert error={participation.error} />
        <DescribedSwitch
          label={t('priceReferences.participation.switch')}
          description={t('priceReferences.participation.help')}
          checked={data?.contributes ?? false}
          disabled={!data || save.isPending}
          onChange={(e) => {
            const contributes = e.currentTarget.checked;
            setSaved(null);
            save.mutate(contributes, { onSuccess: (next) => setSaved(next.contributes) });
          }}
        />
        {data && !data.contributes && data.opted_out_at && saved === null && (
          <Text size="sm" c="dimmed">
            {t('priceReferences.participation.since', { date: ltr(formatDate(data.opted_out_at)) })}
          </Text>
        )}
        <ErrorAlert error={save.error} />
        {saved !== null && (
          <Text size="sm" c="teal.8" role="status" data-testid="price-references-participation-saved">
            {saved ? t('priceReferences.participation.savedOn') : t('priceReferences.participation.savedOff')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
