import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { SectionCard } from '../../../components/ui/section-card';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useWithdrawQuote } from '../api/withdraw-quote';

/**
 * A consumer's right of withdrawal on a signed quote (C. conso. L221-18, decision 1053): its last
 * day, and for the quote's client while it runs, a button that asks for confirmation before the
 * irreversible call. Once withdrawn, the day it was done.
 */
export function QuoteWithdrawalCard({ quote, onDone }: { quote: QuoteDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawQuote();
  const w = quote.withdrawal;
  if (!w) return null;
  const isClient = user?.user_type === 'client' && user.id === quote.client.id;
  return (
    <SectionCard title={t('quotes.withdrawal.title')} testId="quote-withdrawal">
      <Stack gap="sm">
        {w.withdrawn_at ? (
          <Text size="sm" data-testid="quote-withdrawn-at">
            {t('quotes.withdrawal.done', { date: formatDate(w.withdrawn_at) })}
          </Text>
        ) : (
          <Text size="sm" data-testid="quote-withdrawal-deadline">
            {w.open ? t('quotes.withdrawal.until', { date: formatDate(w.deadline) }) : t('quotes.withdrawal.ended', { date: formatDate(w.deadline) })}
          </Text>
        )}
        {isClient && w.open && !w.withdrawn_at && (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid="quote-withdraw">
              {t('quotes.withdrawal.action')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('quotes.withdrawal.confirmTitle', { label: quote.label })}
        cancelLabel={t('quotes.withdrawal.keep')}
        confirmLabel={t('quotes.withdrawal.confirm')}
        pending={withdraw.isPending}
        error={withdraw.error}
        confirmTestId="quote-withdraw-confirm"
        onConfirm={() =>
          withdraw.mutate(quote.id, {
            onSuccess: (q) => {
              setConfirming(false);
              onDone(t('quotes.withdrawal.doneMessage', { label: q.label }));
            },
          })
        }
      >
        <Text size="sm">{t('quotes.withdrawal.confirmText')}</Text>
      </ConfirmModal>
    </SectionCard>
  );
}
