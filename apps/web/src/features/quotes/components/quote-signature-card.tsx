import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { downloadSignedQuotePdf } from '../api/quote-pdf';

/**
 * The quote's electronic signature (issue 10): its client signs an accepted quote on the signing
 * screen; once signed, the client, the issuer and an admin download the sealed PDF.
 */
export function QuoteSignatureCard({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const signed = quote.signed_at !== null;
  if (!quote.can.sign && !signed) return null;
  return (
    <SectionCard title={t('quotes.signature.title')} testId="quote-signature">
      <Stack gap="sm">
        {signed ? (
          <Group gap="sm">
            <Badge color="green" size="lg" variant="light" data-testid="quote-signed-badge">
              {t('quotes.signature.signed')}
            </Badge>
            <Button
              variant="default"
              loading={loading}
              data-testid="quote-signed-pdf"
              onClick={async () => {
                setError(null);
                setLoading(true);
                try {
                  await downloadSignedQuotePdf(quote.id, quote.label);
                } catch (e) {
                  setError(e);
                } finally {
                  setLoading(false);
                }
              }}
            >
              {t('quotes.signature.download')}
            </Button>
          </Group>
        ) : (
          <>
            <Text size="sm">{t('quotes.signature.invite')}</Text>
            <Group>
              <Button component={Link} to={`/devis/${quote.id}/signer`} data-testid="quote-sign">
                {t('quotes.signature.sign')}
              </Button>
            </Group>
          </>
        )}
        <ErrorAlert error={error} />
      </Stack>
    </SectionCard>
  );
}
