import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate } from '../../../lib/format';
import { useQuoteReception } from '../api/quote-reception';
import { ltr } from '../model/isolate';
import { RetentionPanel } from './retention-panel';

/**
 * On an invoice's page (decision 0721): the réception of its quote — the release date of the
 * retenue, whether it is releasable, « Libérer la retenue » — or, for the issuer of a validated
 * quote without one, the way to record it. Nothing when there is neither.
 */
export function InvoiceReception({ quoteId }: { quoteId: number }) {
  const { t } = useTranslation();
  const query = useQuoteReception(quoteId);
  const data = query.data;
  if (!data || (!data.reception && !data.can_record)) return null;
  const reception = data.reception;
  return (
    <SectionCard title={t('reception.invoice.title')} testId="invoice-reception">
      {reception ? (
        <Stack gap="sm">
          <Text size="sm">
            {t('reception.invoice.summary', { date: ltr(formatDate(reception.reception_date)), kind: t(`reception.kinds.${reception.kind}`) })}
          </Text>
          <RetentionPanel reception={reception} />
          <Anchor component={Link} to={`/devis/${quoteId}/reception`} size="sm" data-testid="invoice-reception-link">
            {t('reception.invoice.open')}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('reception.invoice.none')}</Text>
          <Button component={Link} to={`/devis/${quoteId}/reception`} variant="light" data-testid="invoice-reception-record">
            {t('reception.invoice.record')}
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
