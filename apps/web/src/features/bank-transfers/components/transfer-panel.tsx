import { useState } from 'react';
import { Alert, Badge, Button, Card, CopyButton, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransferItem } from '@ouvrage/contracts';
import { formatCreditorReference, formatIban } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate, formatEuros } from '../../../lib/format';
import { useTransferInstructions } from '../api/transfer-instructions';
import { ltr } from '../../../lib/bidi';
import { ConfirmTransferModal, DeclareTransferModal } from './transfer-modals';
import { Ltr } from '../../../components/ui/bdi';

const STATUS_COLOURS: Record<TransferItem['status'], string> = { en_attente: 'orange', confirme: 'green', echoue: 'red', annule: 'gray' };

export function TransferStatusBadge({ status }: { status: TransferItem['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`bankTransfers.statuses.${status}`)}
    </Badge>
  );
}

function Copyable({ label, value, shown, testId, code = true }: { label: string; value: string; shown: string; testId: string; code?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={90}>
        {label}
      </Text>
      <Text size="sm" fw={600} ff={code ? 'monospace' : undefined} dir={code ? 'ltr' : undefined} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {shown}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('bankTransfers.panel.copied') : t('bankTransfers.panel.copy')} withArrow>
            <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={`${t('bankTransfers.panel.copy')} ${label}`}>
              {copied ? t('bankTransfers.panel.copied') : t('bankTransfers.panel.copy')}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * On the invoice page: how to pay by transfer (beneficiary, IBAN, BIC, the RF reference to quote),
 * « J’ai effectué le virement » for the client, « Confirmer la réception » for the admin, and the
 * transfers declared or received so far.
 */
export function TransferPanel({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const query = useTransferInstructions(invoiceId);
  const [declaring, setDeclaring] = useState(false);
  const [confirming, setConfirming] = useState<{ paymentId: number | null; amountCents: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (query.isPending) return null;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const info = query.data;
  return (
    <Card withBorder padding="md" data-testid="transfer-panel">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4">
          {t('bankTransfers.panel.title')}
        </Title>
        <Group gap="xs">
          {info.can_declare && (
            <Button onClick={() => setDeclaring(true)} data-testid="declare-transfer">
              {t('bankTransfers.panel.declare')}
            </Button>
          )}
          {info.can_confirm && (
            <Button
              variant="light"
              color="green"
              onClick={() => setConfirming({ paymentId: null, amountCents: info.left_to_pay_cents })}
              data-testid="record-transfer"
            >
              {t('bankTransfers.panel.record')}
            </Button>
          )}
        </Group>
      </Group>
      {done && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setDone(null)}
          closeButtonLabel={t('common.close')}
          mb="sm"
          data-testid="transfer-done"
        >
          {done}
        </Alert>
      )}
      {/* Nothing left to pay (paid, or cancelled by a credit note: decision 1061): no instructions for 0,00 €; the
          reference stays shown when transfers were made with it. */}
      {info.left_to_pay_cents === 0 ? (
        <Stack gap={6}>
          <Text size="sm" c="dimmed" data-testid="transfer-nothing-left">
            {t('bankTransfers.panel.nothingLeft')}
          </Text>
          {info.transfers.length > 0 && (
            <Copyable
              label={t('bankTransfers.panel.reference')}
              value={info.reference}
              shown={formatCreditorReference(info.reference)}
              testId="transfer-reference"
            />
          )}
        </Stack>
      ) : (
        <Stack gap={6}>
          {info.iban ? (
            <>
              <Text size="sm">{t('bankTransfers.panel.help', { amount: ltr(formatEuros(info.left_to_pay_cents)) })}</Text>
              <Copyable
                label={t('bankTransfers.panel.beneficiary')}
                value={info.beneficiary}
                shown={info.beneficiary}
                testId="transfer-beneficiary"
                code={false}
              />
              <Copyable label="IBAN" value={info.iban} shown={formatIban(info.iban)} testId="transfer-iban" />
              {info.bic && <Copyable label="BIC" value={info.bic} shown={info.bic} testId="transfer-bic" />}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('bankTransfers.panel.noBank')}
            </Text>
          )}
          <Copyable
            label={t('bankTransfers.panel.reference')}
            value={info.reference}
            shown={formatCreditorReference(info.reference)}
            testId="transfer-reference"
          />
          <Text size="xs" c="dimmed">
            {t('bankTransfers.panel.referenceHelp')}
          </Text>
        </Stack>
      )}
      {info.transfers.length > 0 && (
        <Table mt="md" data-testid="transfer-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bankTransfers.list.declaredOn')}</Table.Th>
              <Table.Th>{t('bankTransfers.list.receivedOn')}</Table.Th>
              <Table.Th ta="end">{t('bankTransfers.list.amount')}</Table.Th>
              <Table.Th>{t('bankTransfers.list.status')}</Table.Th>
              {info.can_confirm && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {info.transfers.map((tr) => (
              <Table.Tr key={tr.id}>
                <Table.Td>{ltr(formatDate(tr.declared_on)) || '—'}</Table.Td>
                <Table.Td>{ltr(formatDate(tr.received_on)) || '—'}</Table.Td>
                <Table.Td ta="end">
                  <Ltr>{formatEuros(tr.amount_cents)}</Ltr>
                </Table.Td>
                <Table.Td>
                  <TransferStatusBadge status={tr.status} />
                </Table.Td>
                {info.can_confirm && (
                  <Table.Td>
                    {tr.status === 'en_attente' && (
                      <Button
                        size="compact-sm"
                        color="green"
                        variant="light"
                        onClick={() => setConfirming({ paymentId: tr.id, amountCents: tr.amount_cents })}
                        data-testid={`confirm-transfer-${tr.id}`}
                      >
                        {t('bankTransfers.confirm.open')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {declaring && (
        <DeclareTransferModal
          invoiceId={invoiceId}
          number={info.invoice_number}
          leftCents={info.left_to_pay_cents}
          opened
          onClose={() => setDeclaring(false)}
          onDone={() => setDone(t('bankTransfers.declare.done'))}
        />
      )}
      {confirming && (
        <ConfirmTransferModal
          invoiceId={invoiceId}
          number={info.invoice_number}
          paymentId={confirming.paymentId}
          amountCents={confirming.amountCents}
          leftCents={info.left_to_pay_cents}
          opened
          onClose={() => setConfirming(null)}
          onDone={(status) => setDone(t('bankTransfers.confirm.done', { status: t(`invoices.statuses.${status}`, { defaultValue: status }) }))}
        />
      )}
    </Card>
  );
}
