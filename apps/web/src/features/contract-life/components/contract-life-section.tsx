import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContractLife } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatEuros } from '../../../lib/format';
import { invoiceName } from '../../../lib/invoice-name';
import { ScheduleTable } from '../../payment-schedule';
import { useProjectContracts } from '../api/contract-life';

const euros = (cents: number) => ltr(formatEuros(cents));
const signedEuros = (cents: number) => ltr(`${cents > 0 ? '+' : ''}${formatEuros(cents)}`);

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What the client is asked next: the open invoice to pay, or the next milestone of the schedule. */
function NextDue({ contract, client }: { contract: ContractLife; client: boolean }) {
  const { t } = useTranslation();
  const next = contract.next_due;
  if (!next) return <Alert color="green">{t('contractLife.nothingDue')}</Alert>;
  if (next.kind === 'invoice')
    return (
      <Alert color="orange" data-testid={`contract-next-${contract.quote_id}`}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {t('contractLife.nextInvoice', { number: ltr(next.number), amount: euros(next.left_cents), date: ltr(formatDate(next.due_date)) })}
          </Text>
          {client && (
            <Button component={Link} to={`/facture/${next.invoice_id}?payer=1`} size="compact-sm">
              {t('contractLife.pay')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  const milestone = contract.schedule?.milestones.find((m) => m.position === next.position);
  return (
    <Alert color="blue" data-testid={`contract-next-${contract.quote_id}`}>
      {t('contractLife.nextMilestone', { amount: euros(next.due_cents) })}{' '}
      {milestone && milestone.trigger.kind === 'stage' && t(`paymentSchedule.stages.${milestone.trigger.stage}`)}
      {milestone && milestone.trigger.kind === 'label' && <bdi>{milestone.trigger.label}</bdi>}
      {next.due_on && ` · ${t('contractLife.dueOn', { date: ltr(formatDate(next.due_on)) })}`}
    </Alert>
  );
}

function ContractCard({ contract, client }: { contract: ContractLife; client: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('contractLife.title', { label: ltr(contract.quote_label) })} testId={`contract-${contract.quote_id}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <bdi>{contract.issuer_name}</bdi>
          {contract.signed_at && ` · ${t('contractLife.signedOn', { date: ltr(formatDate(contract.signed_at)) })}`} ·{' '}
          {/* Underlined: a link inside a sentence is told apart by more than its colour. */}
          <Anchor component={Link} to={`/devis/${contract.quote_id}`} size="sm" underline="always">
            {t('contractLife.openQuote')}
          </Anchor>
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('contractLife.original')} value={euros(contract.original_ttc_cents)} />
          <Figure label={t('contractLife.current')} value={euros(contract.contract_ttc_cents)} testId={`contract-total-${contract.quote_id}`} />
          <Figure label={t('contractLife.invoiced')} value={euros(contract.invoiced_cents)} />
          <Figure label={t('contractLife.paid')} value={euros(contract.paid_cents)} testId={`contract-paid-${contract.quote_id}`} />
        </SimpleGrid>
        <NextDue contract={contract} client={client} />

        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('contractLife.avenants')}
          </Title>
          {contract.avenants.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('contractLife.noAvenant')}
            </Text>
          )}
          {contract.avenants.map((a) => (
            <Group key={a.id} justify="space-between" gap="xs" wrap="wrap" data-testid={`contract-avenant-${a.id}`}>
              <Text size="sm">
                {a.number && <bdi>{ltr(a.number)}</bdi>} — <bdi>{a.title}</bdi>
              </Text>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {signedEuros(a.change_ttc_cents)}
                </Text>
                <Badge variant="light" color={a.status === 'Signé' ? 'green' : a.status === 'Envoyé' ? 'blue' : 'gray'}>
                  {t(`avenants.statuses.${a.status}`)}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>

        {contract.schedule && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('paymentSchedule.title')}
            </Title>
            <ScheduleTable quoteId={contract.quote_id} schedule={contract.schedule} issuer={false} />
          </Stack>
        )}

        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('contractLife.invoices')}
          </Title>
          {contract.invoices.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('contractLife.noInvoice')}
            </Text>
          )}
          {contract.invoices.map((i) => (
            <Group key={i.id} justify="space-between" gap="xs" wrap="wrap" data-testid={`contract-invoice-${i.id}`}>
              <Anchor component={Link} to={`/facture/${i.id}`} size="sm">
                <bdi>{ltr(i.number)}</bdi> · {invoiceName(t, { kind: i.kind, situation_index: i.situation_index, quote_label: contract.quote_label })}
              </Anchor>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {euros(i.total_ttc_cents)}
                </Text>
                <Badge variant="light" color={i.cancelled ? 'gray' : i.left_cents === 0 ? 'green' : 'orange'}>
                  {i.cancelled
                    ? t('contractLife.cancelled')
                    : i.left_cents === 0
                      ? t('contractLife.settled')
                      : t('contractLife.left', { amount: euros(i.left_cents) })}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>

        {contract.dgd && (
          <Stack gap="xs" data-testid={`contract-dgd-${contract.quote_id}`}>
            <Title order={3} size="h5">
              {t('dgd.title')}
            </Title>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">
                <bdi>{ltr(contract.dgd.number)}</bdi> · {t('contractLife.dgdBalance', { amount: euros(contract.dgd.balance_cents) })}
              </Text>
              <Group gap="xs">
                <Badge variant="light" color={contract.dgd.status === 'Accepté' ? 'green' : contract.dgd.status === 'Émis' ? 'orange' : 'red'}>
                  {t(`dgd.statuses.${contract.dgd.status}`)}
                </Badge>
                {client && contract.dgd.status === 'Émis' && (
                  <Button component={Link} to={`/devis/${contract.quote_id}/dgd/${contract.dgd.id}/signer`} size="compact-sm">
                    {t('contractLife.answerDgd')}
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        )}

        {contract.payments.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('contractLife.payments')}
            </Title>
            {contract.payments.map((p) => (
              <Group key={p.id} justify="space-between" gap="xs" wrap="wrap" data-testid={`contract-payment-${p.id}`}>
                <Text size="sm">
                  {ltr(formatDate(p.confirmed_at ?? p.created_at))} · {t(`payments.methods.${p.method}`)} · <bdi>{ltr(p.invoice_number)}</bdi>
                </Text>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {euros(p.amount_cents)}
                  </Text>
                  <Badge variant="light" color={p.status === 'confirme' ? 'green' : p.status === 'echoue' ? 'red' : 'gray'}>
                    {t(`payments.statuses.${p.status}`)}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}

/**
 * The project's contracts in one place (issue 38 §5, decision 1224): for each signed quote, the
 * contract as signed and as amended, its avenants, its schedule, its invoices and payments, and
 * what is due next — the client's « Payer » on an open invoice. Nothing before a signature.
 */
export function ContractLifeSection({ projectId, client }: { projectId: number; client: boolean }) {
  const query = useProjectContracts(projectId);
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data?.items.length) return null;
  return (
    <>
      {query.data.items.map((contract) => (
        <ContractCard key={contract.quote_id} contract={contract} client={client} />
      ))}
    </>
  );
}
