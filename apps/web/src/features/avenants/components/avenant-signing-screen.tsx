import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AvenantView } from '@ouvrage/contracts';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useQuote } from '../../quotes';
import { SigningFlow } from '../../signature';
import { avenantSigningApi, fetchAvenantCodeState, useQuoteAvenants } from '../api/avenants';

function AvenantSigning({ avenant, clientName }: { avenant: AvenantView; clientName: string }) {
  const { t } = useTranslation();
  const api = useMemo(() => avenantSigningApi(avenant.id), [avenant.id]);
  const signed = avenant.status === 'Signé';
  // Read afresh at each visit: a code sent before a reload is asked for, not sent again (decision 1200).
  const codeState = useQuery({
    queryKey: ['avenant-signing-code-state', avenant.id],
    queryFn: () => fetchAvenantCodeState(avenant.id),
    enabled: !signed,
    gcTime: 0,
    retry: false,
  });
  if (!signed && codeState.isPending) return <ScreenLoader />;
  return (
    <Stack gap="md" maw={900} data-testid="avenant-signing-screen">
      <DetailHeader
        back={{ to: `/devis/${avenant.quote_id}`, label: t('avenants.signing.back') }}
        title={t('avenants.signing.title', { number: avenant.number ?? '' })}
      >
        <Text style={{ overflowWrap: 'anywhere' }}>{avenant.title}</Text>
      </DetailHeader>
      <SigningFlow
        api={api}
        signerName={clientName}
        fileName={`avenant-${avenant.number ?? avenant.id}.pdf`}
        initiallyDone={signed}
        codeState={codeState.data ?? null}
      />
    </Stack>
  );
}

function AvenantSigningOf({ quoteId, avenantId }: { quoteId: number; avenantId: number }) {
  const query = useQuoteAvenants(quoteId);
  const quote = useQuote(quoteId);
  if (query.isPending || quote.isPending) return <ScreenLoader />;
  if (query.error || !query.data || quote.error || !quote.data) return <ErrorAlert error={query.error ?? quote.error} />;
  const avenant = query.data.avenants.find((a) => a.id === avenantId);
  if (!avenant) return <Navigate to={`/devis/${quoteId}`} replace />;
  return <AvenantSigning avenant={avenant} clientName={quote.data.client.name} />;
}

/** `/devis/:id/avenants/:avenantId/signer`: the client signs the avenant with the quotes' signing steps (decision 1220). */
export default function AvenantSigningScreen() {
  const { id, avenantId } = useParams();
  const quoteId = Number(id);
  const n = Number(avenantId);
  if (!Number.isInteger(quoteId) || quoteId <= 0 || !Number.isInteger(n) || n <= 0) return <Navigate to="/devis/list" replace />;
  return <AvenantSigningOf key={n} quoteId={quoteId} avenantId={n} />;
}
