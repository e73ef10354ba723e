import { useMemo } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceptionView } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { SigningFlow } from '../../signature';
import { useQuoteReception } from '../api/quote-reception';
import { receptionSigningApi } from '../api/reception-files';
import { ltr } from '../model/isolate';

function PvSigning({ reception }: { reception: ReceptionView }) {
  const { t } = useTranslation();
  const api = useMemo(() => receptionSigningApi(reception.id), [reception.id]);
  return (
    <Stack gap="md" maw={900} data-testid="reception-signing-screen">
      <Anchor component={Link} to={`/devis/${reception.quote_id}/reception`} size="sm">
        {t('reception.signing.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('reception.signing.title', { quote: ltr(reception.quote_label) })}
      </Title>
      <Text style={{ overflowWrap: 'anywhere' }}>{reception.quote_title}</Text>
      <SigningFlow api={api} signerName={reception.client_name} fileName={`pv-reception-${reception.quote_label}.pdf`} initiallyDone={reception.status === 'Signée'} />
    </Stack>
  );
}

/** `/devis/:id/reception/signer`: the client signs the PV with the quotes' signing steps (decision 0720). */
function ReceptionSigning({ quoteId }: { quoteId: number }) {
  const query = useQuoteReception(quoteId);
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  if (!query.data.reception) return <Navigate to={`/devis/${quoteId}/reception`} replace />;
  return <PvSigning reception={query.data.reception} />;
}

export default function ReceptionSigningScreen() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <Navigate to="/devis/list" replace />;
  return <ReceptionSigning key={n} quoteId={n} />;
}
