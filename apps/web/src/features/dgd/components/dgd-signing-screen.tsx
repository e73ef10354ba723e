import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DgdView } from '@ouvrage/contracts';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';
import { useQuote } from '../../quotes';
import { SigningFlow } from '../../signature';
import { dgdSigningApi, fetchDgdCodeState, useQuoteDgd } from '../api/dgd';

function DgdSigning({ dgd, clientName }: { dgd: DgdView; clientName: string }) {
  const { t } = useTranslation();
  const api = useMemo(() => dgdSigningApi(dgd.id), [dgd.id]);
  const signed = dgd.status === 'Accepté';
  // Read afresh at each visit: a code sent before a reload is asked for, not sent again (decision 1200).
  const codeState = useQuery({
    queryKey: ['dgd-signing-code-state', dgd.id],
    queryFn: () => fetchDgdCodeState(dgd.id),
    enabled: !signed,
    gcTime: 0,
    retry: false,
  });
  if (!signed && codeState.isPending) return <ScreenLoader />;
  const balance = dgd.document.account.balance_cents;
  return (
    <Stack gap="md" maw={900} data-testid="dgd-signing-screen">
      <DetailHeader back={{ to: `/devis/${dgd.quote_id}`, label: t('dgd.signing.back') }} title={t('dgd.signing.title', { number: ltr(dgd.number) })}>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t(balance >= 0 ? 'dgd.signing.owedByClient' : 'dgd.signing.owedToClient', { amount: ltr(formatEuros(Math.abs(balance))) })}
        </Text>
      </DetailHeader>
      <SigningFlow api={api} signerName={clientName} fileName={`dgd-${dgd.number}.pdf`} initiallyDone={signed} codeState={codeState.data ?? null} />
    </Stack>
  );
}

function DgdSigningOf({ quoteId, dgdId }: { quoteId: number; dgdId: number }) {
  const query = useQuoteDgd(quoteId);
  const quote = useQuote(quoteId);
  if (query.isPending || quote.isPending) return <ScreenLoader />;
  if (query.error || !query.data || quote.error || !quote.data) return <ErrorAlert error={query.error ?? quote.error} />;
  const dgd = query.data.dgds.find((d) => d.id === dgdId);
  if (!dgd) return <Navigate to={`/devis/${quoteId}`} replace />;
  return <DgdSigning dgd={dgd} clientName={quote.data.client.name} />;
}

/** `/devis/:id/dgd/:dgdId/signer`: the client accepts the DGD by signing it with the quotes' signing steps (decision 1222). */
export default function DgdSigningScreen() {
  const { id, dgdId } = useParams();
  const quoteId = Number(id);
  const n = Number(dgdId);
  if (!Number.isInteger(quoteId) || quoteId <= 0 || !Number.isInteger(n) || n <= 0) return <Navigate to="/devis/list" replace />;
  return <DgdSigningOf key={n} quoteId={quoteId} dgdId={n} />;
}
