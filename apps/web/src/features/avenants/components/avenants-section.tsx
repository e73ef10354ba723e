import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AvenantView } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { formatEuros } from '../../../lib/format';
import { useQuoteAvenants } from '../api/avenants';
import { AvenantCard } from './avenant-card';
import { AvenantEditor } from './avenant-editor';

/**
 * « Avenants » on a validated quote's page (decision 1220): the contract as amended, the quote's
 * avenants with their figures and PDF; the issuer drafts, edits and sends them, the client signs
 * (the signing screen) or refuses them, and withdraws within the period.
 */
export function AvenantsSection({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation();
  const query = useQuoteAvenants(quoteId);
  const [editing, setEditing] = useState<AvenantView | 'new' | null>(null);
  if (query.isPending) return null;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const data = query.data;
  if (!data.can_create && data.avenants.length === 0) return null;
  return (
    <SectionCard title={t('avenants.title')} testId="quote-avenants">
      <Stack gap="sm">
        <Text size="sm" data-testid="avenants-contract">
          {t('avenants.contract', { ttc: formatEuros(data.contract.totals.total_ttc_cents), ht: formatEuros(data.contract.totals.total_ht_cents) })}
        </Text>
        {data.avenants.length === 0 && <Text c="dimmed">{t('avenants.none')}</Text>}
        {data.avenants.map((a) =>
          editing !== 'new' && editing?.id === a.id ? (
            <AvenantEditor key={a.id} data={data} avenant={a} onClose={() => setEditing(null)} />
          ) : (
            <AvenantCard key={a.id} quoteId={data.quote_id} avenant={a} onEdit={() => setEditing(a)} />
          ),
        )}
        {editing === 'new' && <AvenantEditor data={data} avenant={null} onClose={() => setEditing(null)} />}
        {data.can_create && editing === null && (
          <Button variant="light" w="fit-content" onClick={() => setEditing('new')} data-testid="avenant-new">
            {t('avenants.new')}
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
}
