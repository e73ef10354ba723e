import { useMemo } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { isolate } from '../../../lib/bidi';
import { useQuote } from '../../quotes';
import { fetchQuoteCodeState, quoteSigningApi } from '../api/signing';
import { SigningFlow } from './signing-flow';

/** `/devis/:id/signer`: the quote's client signs the accepted quote in the app (decision 0641). */
function QuoteSigning({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuote(id);
  const api = useMemo(() => quoteSigningApi(id), [id]);
  const signed = query.data ? query.data.signed_at !== null : false;
  // Read afresh at each visit (never from the cache): a code sent before a reload is asked for, not sent again.
  const codeState = useQuery({
    queryKey: ['signing-code-state', id],
    queryFn: () => fetchQuoteCodeState(id),
    enabled: query.data !== undefined && !signed,
    gcTime: 0,
    retry: false,
  });
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  if (!signed && codeState.isPending) return <ScreenLoader />;
  const quote = query.data;
  return (
    <Stack gap="md" maw={900} data-testid="quote-signing-screen">
      <Anchor component={Link} to={`/devis/${id}`} size="sm">
        {t('signing.backToQuote')}
      </Anchor>
      <Title order={1} size="h2">
        {/* The label isolated, so « D-2026-0001 » stays whole in a right-to-left title. */}
        {t('signing.quoteTitle', { label: isolate(quote.label) })}
      </Title>
      <Text style={{ overflowWrap: 'anywhere' }}>{quote.title}</Text>
      <SigningFlow api={api} signerName={quote.client.name} fileName={`devis-${quote.label}.pdf`} initiallyDone={signed} codeState={codeState.data ?? null} />
    </Stack>
  );
}

export default function QuoteSigningScreen() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <Navigate to="/devis/list" replace />;
  return <QuoteSigning key={n} id={n} />;
}
