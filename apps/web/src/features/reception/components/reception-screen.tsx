import { Alert, Stack, Text } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { SectionCard } from '../../../components/ui/section-card';
import { useQuoteReception } from '../api/quote-reception';
import { ltr } from '../model/isolate';
import { ReceptionCard } from './reception-card';
import { RecordReceptionForm } from './record-reception-form';

/** `/devis/:id/reception`: the réception of a validated quote's works (decision 0720). */
function ReceptionPage({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation();
  const query = useQuoteReception(quoteId);
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const data = query.data;
  const reception = data.reception;
  return (
    <Stack gap="md" maw={960} data-testid="reception-screen">
      <DetailHeader
        back={{ to: `/devis/${quoteId}`, label: t('reception.backToQuote') }}
        title={reception ? t('reception.titleOf', { quote: ltr(reception.quote_label) }) : t('reception.title')}
      >
        {reception && <Text style={{ overflowWrap: 'anywhere' }}>{reception.quote_title}</Text>}
      </DetailHeader>
      <SectionCard title={reception ? t('reception.card.title') : t('reception.form.title')} testId="reception-section">
        {reception ? (
          <ReceptionCard reception={reception} />
        ) : data.can_record ? (
          <RecordReceptionForm data={data} />
        ) : (
          <Alert color="blue" variant="light">
            {t('reception.notYet')}
          </Alert>
        )}
      </SectionCard>
    </Stack>
  );
}

export default function ReceptionScreen() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <Navigate to="/devis/list" replace />;
  return <ReceptionPage key={n} quoteId={n} />;
}
