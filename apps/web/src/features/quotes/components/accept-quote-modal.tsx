import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useAcceptQuote } from '../api/accept-quote';
import { optionalLines, totalsForChoice } from '../model/domain-lines';
import { QuoteTotals } from './quote-totals';
import { formatEuros } from '../../../lib/format';

export interface AcceptQuoteModalProps {
  quote: QuoteDetail;
  opened: boolean;
  onClose: () => void;
  onAccepted?: (quote: QuoteDetail) => void;
}

/**
 * The client accepts: they tick the options they take and see the totals and the deposit follow,
 * computed by the domain code the API uses to record them; the reduced-TVA certification they give
 * by accepting is shown right above the button.
 */
export function AcceptQuoteModal({ quote, opened, onClose, onAccepted }: AcceptQuoteModalProps) {
  const { t } = useTranslation();
  const accept = useAcceptQuote();
  const options = useMemo(() => optionalLines(quote), [quote]);
  const [chosen, setChosen] = useState<number[]>([]);
  const { totals, depositCents } = useMemo(() => totalsForChoice(quote, chosen), [quote, chosen]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('quotes.accept.title', { label: quote.label })} size="lg">
      <Stack>
        {options.length > 0 ? (
          <Checkbox.Group
            label={t('quotes.accept.options')}
            description={t('quotes.accept.optionsHint')}
            value={chosen.map(String)}
            onChange={(values) => setChosen(values.map(Number))}
          >
            <Stack gap="xs" mt="xs">
              {options.map((line) => (
                <Checkbox
                  key={line.id}
                  value={String(line.id)}
                  data-testid={`accept-option-${line.id}`}
                  label={`${line.designation} (${line.lot}) — ${t('quotes.accept.optionAmount', { amount: formatEuros(line.net_ht_cents) })}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('quotes.accept.noOptions')}
          </Text>
        )}
        <div aria-live="polite">
          <Title order={3} size="h5" mb={4}>
            {t('quotes.accept.totals')}
          </Title>
          <QuoteTotals totals={totals} deposit={{ bp: quote.deposit_bp, cents: depositCents }} testId="accept-totals" />
        </div>
        {quote.reduced_tva_certification && (
          <Alert color="blue" variant="light" title={t('quotes.accept.certificationTitle')} data-testid="accept-certification" role="note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {quote.reduced_tva_certification}
            </Text>
          </Alert>
        )}
        <ErrorAlert error={accept.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="green"
            loading={accept.isPending}
            data-testid="accept-confirm"
            onClick={() =>
              accept.mutate(
                { id: quote.id, chosenOptionIds: chosen },
                {
                  onSuccess: (updated) => {
                    onClose();
                    onAccepted?.(updated);
                  },
                },
              )
            }
          >
            {t('quotes.accept.confirm', { amount: formatEuros(totals.totalTtcCents) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
