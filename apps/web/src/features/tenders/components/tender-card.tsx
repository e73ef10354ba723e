import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfessionalTender } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { formatDateTime, formatNumber, formatPhone } from '../../../lib/format';
import { tenderFileUrl, useAcceptTender, useRefuseTender } from '../api/professional-tenders';
import { TenderStatusBadge } from './tender-status-badge';
import { useCatalogLabels } from '../../catalog';
import { OpenConversationButton } from '../../conversations';
import { LabelledValue } from '../../../components/ui/labelled-value';

const m2 = (n: number) => `${formatNumber(n)} m²`;

/** The project as a tender shows it: no client name, e-mail, phone or street before acceptance. */
export function TenderProjectFields({ project }: { project: ProfessionalTender['project'] }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const open = async (id: number) => {
    try {
      window.open(await tenderFileUrl(id), '_blank', 'noopener');
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
        <LabelledValue label={t('tenders.fields.commune')} value={`${project.ville} (${project.codePostale})`} />
        <LabelledValue label={t('tenders.fields.support')} value={t(`projects.support.${project.support}`, { defaultValue: project.support })} />
        <LabelledValue
          label={t('tenders.fields.surfaces')}
          value={t('tenders.fields.surfacesValue', { surface: m2(project.surface), works: m2(project.surfaceTravaux) })}
        />
        <LabelledValue label={t('tenders.fields.budget')} value={t(`projects.budgets.${project.budget}`, { defaultValue: project.budget })} />
        <LabelledValue label={t('tenders.fields.start')} value={t(`projects.times.${project.times}`, { defaultValue: project.times })} />
        <LabelledValue label={t('tenders.fields.delai')} value={t(`projects.delai.${project.delai}`, { defaultValue: project.delai })} />
      </SimpleGrid>
      <LabelledValue label={t('tenders.fields.description')} value={project.description} />
      {project.files.length > 0 && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('tenders.fields.files')}
          </Text>
          {project.files.map((f) => (
            <Button key={f.id} size="compact-xs" variant="light" onClick={() => void open(f.id)}>
              {f.name}
            </Button>
          ))}
        </Group>
      )}
      <ErrorAlert error={error} />
    </Stack>
  );
}

export function ClientContact({ client }: { client: NonNullable<ProfessionalTender['client']> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-green-0)" data-testid="client-contact">
      <Text fw={600} size="sm" mb={4}>
        {t('tenders.contact.title')}
      </Text>
      <Text size="sm">
        {client.civility} {client.firstname} {client.lastname}
        {client.company_name ? ` — ${client.company_name}` : ''}
      </Text>
      <Text size="sm">
        <bdi>{`${client.street}, ${client.codePostale} ${client.ville}`}</bdi>
      </Text>
      <Group gap="md">
        <Anchor size="sm" href={`mailto:${client.email}`}>
          {client.email}
        </Anchor>
        <Anchor size="sm" href={`tel:${client.phone.replace(/\s/g, '')}`} dir="ltr">
          {formatPhone(client.phone)}
        </Anchor>
      </Group>
    </Card>
  );
}

/** One tender for a professional: the project, the deadline, accept or refuse with a reason. */
export function TenderCard({ tender, onAnswered }: { tender: ProfessionalTender; onAnswered?: (t: ProfessionalTender, message: string) => void }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const accept = useAcceptTender();
  const refuse = useRefuseTender();
  const [refusing, setRefusing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const p = tender.project;
  return (
    <Card withBorder padding="md" data-testid={`tender-${tender.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('tenders.card.title', { category: catalog.category(p.category_name), bien: catalog.bien(p.bien_name), city: p.ville })}
            </Title>
            <Text size="xs" c="dimmed">
              {t('tenders.card.reference', { id: p.id, date: formatDateTime(tender.created_at) })}
            </Text>
          </div>
          <TenderStatusBadge status={tender.status} />
        </Group>
        {tender.available ? (
          <Text size="sm" fw={600} c="orange.8" data-testid="tender-deadline">
            {t('tenders.card.deadline', { date: formatDateTime(tender.reply_deadline) })}
          </Text>
        ) : (
          tender.answered_at && (
            <Text size="sm" c="dimmed">
              {t('tenders.card.answeredOn', { date: formatDateTime(tender.answered_at) })}
            </Text>
          )
        )}
        {tender.message && (
          <Alert color="blue" variant="light" title={t('tenders.card.adminMessage')}>
            <div dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {tender.message}
            </div>
          </Alert>
        )}
        <TenderProjectFields project={p} />
        {tender.refusal_reason && (
          <Text size="sm">
            <strong>{t('tenders.card.yourReason')}</strong> {tender.refusal_reason}
          </Text>
        )}
        {tender.client ? (
          <>
            <ClientContact client={tender.client} />
            <Anchor component={Link} to={`/single-projet/${p.id}`} size="sm">
              {t('tenders.card.openProject')}
            </Anchor>
            {/* The conversation with the client, from the tender that made it possible (decision 1230). */}
            <OpenConversationButton projectId={p.id} withUserId={tender.client.client_id} label={t('conversations.writeClient')} testId="tender-write-client" />
          </>
        ) : (
          tender.available && (
            <Text size="xs" c="dimmed">
              {t('tenders.card.hiddenContact')}
            </Text>
          )
        )}
        {done && (
          <Alert color="green" variant="light" role="status">
            {done}
          </Alert>
        )}
        <ErrorAlert error={accept.error} />
        {tender.can_answer && (
          <Group>
            <Button
              color="green"
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(tender.id, {
                  onSuccess: (r) => {
                    setDone(t('tenders.card.acceptedDone'));
                    onAnswered?.(r.tender, t('tenders.card.acceptedDone'));
                  },
                })
              }
              data-testid="tender-accept"
            >
              {t('tenders.card.accept')}
            </Button>
            <Button variant="default" onClick={() => setRefusing(true)} data-testid="tender-refuse">
              {t('tenders.card.refuse')}
            </Button>
          </Group>
        )}
      </Stack>
      <ReasonModal
        opened={refusing}
        onClose={() => setRefusing(false)}
        title={t('tenders.refuse.title', { id: p.id })}
        label={t('tenders.refuse.reason')}
        description={t('tenders.refuse.hint')}
        max={1000}
        confirmLabel={t('tenders.refuse.confirm')}
        pending={refuse.isPending}
        error={refuse.error}
        onConfirm={(reason) =>
          refuse.mutate(
            { id: tender.id, reason },
            {
              onSuccess: (r) => {
                setRefusing(false);
                setDone(t('tenders.card.refusedDone'));
                onAnswered?.(r.tender, t('tenders.card.refusedDone'));
              },
            },
          )
        }
      />
    </Card>
  );
}
