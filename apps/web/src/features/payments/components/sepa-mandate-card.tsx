import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SepaMandateItem } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/format';
import { useRevokeMandate } from '../api/revoke-mandate';
import { ltr } from '../model/isolate';

/** The contract's SEPA mandate on the invoice page (decision 1223): its reference (RUM), account, creditor, state; its client may revoke it. */
export function SepaMandateCard({ mandate }: { mandate: SepaMandateItem }) {
  const { t } = useTranslation();
  const revoke = useRevokeMandate();
  const active = mandate.status === 'active';
  return (
    <Paper withBorder p="sm" data-testid="sepa-mandate" data-status={mandate.status}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('payments.mandate.title')}
          </Text>
          <Badge color={active ? 'green' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
            {t(`payments.mandate.statuses.${mandate.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('payments.sepa.reference')} <span dir="ltr">{mandate.reference}</span>
        </Text>
        <Text size="sm">{t('payments.mandate.account', { name: mandate.holder_name, last4: ltr(mandate.iban_last4) })}</Text>
        <Text size="sm" c="dimmed">
          {t('payments.sepa.creditor', { name: mandate.creditor_name })} · {t('payments.sepa.creditorId')} <span dir="ltr">{mandate.creditor_id}</span>
        </Text>
        <Text size="sm" c="dimmed">
          {active
            ? t('payments.mandate.accepted', { date: ltr(formatDate(mandate.accepted_at)) })
            : t(`payments.mandate.revoked.${mandate.revoked_reason === 'bank' ? 'bank' : 'client'}`, {
                date: ltr(formatDate(mandate.revoked_at ?? mandate.accepted_at)),
              })}
        </Text>
        {mandate.can_revoke && (
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => revoke.mutate(mandate.id)}
              loading={revoke.isPending}
              data-testid="revoke-mandate"
            >
              {t('payments.mandate.revoke')}
            </Button>
          </Group>
        )}
        <ErrorAlert error={revoke.error} />
      </Stack>
    </Paper>
  );
}
