import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useQuoteDgd } from '../api/dgd';
import { DgdCard } from './dgd-card';
import { EstablishDgdForm } from './establish-dgd-form';

/**
 * « Décompte général définitif » on a validated quote's page (decision 1222): the architect
 * establishes it once the réception's PV is signed and everything is invoiced; the client accepts
 * it by signing (the signing screen) or disputes it with a reason. Hidden while there is nothing
 * to show.
 */
export function DgdSection({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation();
  const query = useQuoteDgd(quoteId);
  if (query.isPending) return null;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const data = query.data;
  if (!data.can_establish && data.dgds.length === 0) return null;
  return (
    <SectionCard title={t('dgd.title')} testId="quote-dgd">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('dgd.intro')}
        </Text>
        {data.dgds.map((d) => (
          <DgdCard key={d.id} quoteId={data.quote_id} dgd={d} />
        ))}
        {data.can_establish && <EstablishDgdForm quoteId={data.quote_id} />}
      </Stack>
    </SectionCard>
  );
}
