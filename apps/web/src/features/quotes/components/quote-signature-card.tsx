import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { DownloadButton } from '../../../components/ui/download-button';
import { SectionCard } from '../../../components/ui/section-card';
import { signedQuotePdfFile } from '../api/quote-pdf';

/**
 * The quote's electronic signature (issue 10): its client signs an accepted quote on the signing
 * screen; once signed, the client, the issuer and an admin download the sealed PDF.
 */
export function QuoteSignatureCard({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const signed = quote.signed_at !== null;
  if (!quote.can.sign && !signed) return null;
  return (
    <SectionCard title={t('quotes.signature.title')} testId="quote-signature">
      <Stack gap="sm">
        {signed ? (
          <Group gap="sm" align="flex-start">
            <Badge color="green" size="lg" variant="light" data-testid="quote-signed-badge">
              {t('quotes.signature.signed')}
            </Badge>
            <DownloadButton file={signedQuotePdfFile(quote.id, quote.label)} data-testid="quote-signed-pdf">
              {t('quotes.signature.download')}
            </DownloadButton>
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
      </Stack>
    </SectionCard>
  );
}
