import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceptionView } from '@ouvrage/contracts';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { SigningFlow } from '../../signature';
import { useQuoteReception } from '../api/quote-reception';
import { fetchReceptionCodeState, receptionSigningApi } from '../api/reception-files';
import { ltr } from '../model/isolate';

function PvSigning({ reception }: { reception: ReceptionView }) {
  const { t } = useTranslation();
  const api = useMemo(() => receptionSigningApi(reception.id), [reception.id]);
  const signed = reception.status === 'Signée';
  // Read afresh at each visit: a code sent before a reload is asked for, not sent again (decision 1200).
  const codeState = useQuery({
    queryKey: ['reception-signing-code-state', reception.id],
    queryFn: () => fetchReceptionCodeState(reception.id),
    enabled: !signed,
    gcTime: 0,
    retry: false,
  });
  if (!signed && codeState.isPending) return <ScreenLoader />;
  return (
    <Stack gap="md" maw={900} data-testid="reception-signing-screen">
      <DetailHeader
        back={{ to: `/devis/${reception.quote_id}/reception`, label: t('reception.signing.back') }}
        title={t('reception.signing.title', { quote: ltr(reception.quote_label) })}
      >
        <Text style={{ overflowWrap: 'anywhere' }}>{reception.quote_title}</Text>
      </DetailHeader>
      <SigningFlow
        api={api}
        signerName={reception.client_name}
        fileName={`pv-reception-${reception.quote_label}.pdf`}
        initiallyDone={signed}
        codeState={codeState.data ?? null}
      />
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
