import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PRICE_REFERENCE_RULE } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatNumber } from '../../../lib/format';
import { usePriceRefresh } from '../api/price-refresh';
import { CoverageSection } from './coverage-section';
import { OutliersSection } from './outliers-section';
import { TrendsSection } from './trends-section';

/**
 * `/prix-de-reference` (issue 40; not under `/admin/`, whose paths are the API's — `isApiPath` in
 * apps/api/src/plugins/web-app.ts — so that the page reloads): what the price references say and how far they reach —
 * trends per line, coverage, outliers to exclude — and a recalculation on demand.
 */
export default function PriceReferencesScreen() {
  const { t } = useTranslation();
  const refresh = usePriceRefresh();
  return (
    <Stack data-testid="price-references-screen">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          {t('priceTrends.title')}
        </Title>
        <Button
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: (counts) =>
                notifications.show({
                  color: 'teal',
                  autoClose: 6000,
                  closeButtonProps: { 'aria-label': t('common.close') },
                  message: t('priceTrends.refresh.done', {
                    quotes: formatNumber(counts.quotes_collected),
                    keys: formatNumber(counts.keys_refreshed),
                    cells: formatNumber(counts.cells_published),
                  }),
                }),
            })
          }
          loading={refresh.isPending}
          data-testid="price-refresh"
        >
          {t('priceTrends.refresh.action')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('priceTrends.intro', { quotes: PRICE_REFERENCE_RULE.minQuotes, issuers: PRICE_REFERENCE_RULE.minIssuers })}
      </Text>
      <ErrorAlert error={refresh.error} />
      <CoverageSection />
      <TrendsSection />
      <OutliersSection />
    </Stack>
  );
}
