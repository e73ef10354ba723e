import { useEffect, useRef } from 'react';
import { Alert, Button, Card, CopyButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate, formatDateTime, formatEuros } from '../../../lib/format';
import { useCheckout } from '../api/checkout';
import { useInvoicePayments } from '../api/invoice-payments';
import { ltr } from '../model/isolate';
import { PaymentStatusBadge } from './payment-status-badge';
import { SepaMandateCard } from './sepa-mandate-card';
import { Ltr } from '../../../components/ui/bdi';

/**
 * On the invoice page: « Payer par carte » for its client while something is left to pay, the
 * invoice's pay link to share (client and issuer), and the card payments made so far — which is
 * where the architect sees the payments received on his invoice (decision 0730). Reached from the
 * « Payer » of the client's invoice list (`focusPay`), it brings its pay button into view and focuses
 * it, the warnings beside it (decision 1204).
 */
export function CardPaymentPanel({ invoiceId, focusPay = false }: { invoiceId: number; focusPay?: boolean }) {
  const { t } = useTranslation();
  const query = useInvoicePayments(invoiceId);
  const checkout = useCheckout(invoiceId);
  const payButton = useRef<HTMLButtonElement>(null);
  const canPay = query.data?.can_pay ?? false;
  useEffect(() => {
    if (!focusPay || !canPay || !payButton.current) return;
    payButton.current.scrollIntoView?.({ block: 'center' });
    payButton.current.focus({ preventScroll: true });
  }, [focusPay, canPay]);
  if (query.isPending) return null;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const info = query.data;
  // Card payments and SEPA debits (decision 1223): « prélèvement prévu / en cours / rejeté ».
  const cards = info.payments.filter((p) => p.method !== 'virement');
  // A transfer the client declared is not money received yet: the card still offers all that is left,
  // so say plainly that paying both would pay twice (the second payment is refused and refunded by hand).
  const declared = info.payments.filter((p) => p.method === 'virement' && p.status === 'en_attente');
  if (!info.can_pay && !info.pay_link && cards.length === 0 && !info.sepa.mandate) return null;
  const link = info.pay_link ? `${window.location.origin}${info.pay_link.url}` : null;
  return (
    <Card withBorder padding="md" data-testid="card-payment-panel">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4">
          {t('payments.panel.title')}
        </Title>
        {info.can_pay && (
          <Button ref={payButton} onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess} data-testid="pay-by-card">
            {t('payments.panel.pay')}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {info.can_pay && (
          <Text size="sm" data-testid="card-left">
            {t('payments.panel.left', { amount: ltr(formatEuros(info.left_to_pay_cents)) })}
          </Text>
        )}
        {info.can_pay &&
          declared.map((p) => (
            <Alert key={p.id} color="yellow" data-testid="card-pending-transfer">
              {t('payments.panel.pendingTransfer', { amount: ltr(formatEuros(p.amount_cents)), date: ltr(formatDate(p.created_at)) })}
            </Alert>
          ))}
        {info.debit_in_progress && (
          <Alert color="blue" data-testid="debit-in-progress">
            {t('payments.panel.debitInProgress')}
          </Alert>
        )}
        {info.sepa.mandate && <SepaMandateCard mandate={info.sepa.mandate} />}
        <ErrorAlert error={checkout.error} />
        {link && (
          <Group gap="xs" align="baseline" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('payments.panel.link', { date: formatDateTime(info.pay_link!.expires_at) })}
            </Text>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy} data-testid="copy-pay-link">
                  {copied ? t('payments.panel.copied') : t('payments.panel.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        {cards.length > 0 && (
          <Table data-testid="card-payments">
            <Table.Tbody>
              {cards.map((p) => (
                <Table.Tr key={p.id} data-testid={`card-payment-${p.id}`}>
                  <Table.Td>{formatDateTime(p.confirmed_at ?? p.created_at)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={p.status} failure={p.failure} method={p.method} debitSubmitted={p.debit_submitted} />
                  </Table.Td>
                  <Table.Td>
                    {p.failure
                      ? t(`payments.failure.${p.failure}`, { defaultValue: '' })
                      : p.method === 'prelevement' && p.status === 'en_attente' && p.debit_on
                        ? t('payments.panel.debitOn', { date: ltr(formatDate(p.debit_on)) })
                        : ''}
                  </Table.Td>
                  <Table.Td ta="end">
                    <Ltr>{formatEuros(p.amount_cents)}</Ltr>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
