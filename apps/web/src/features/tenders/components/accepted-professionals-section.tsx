import { Anchor, Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isWebAddress, linePath, professionalLines, type PublicProfessional } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useProtectedImage } from '../../../lib/protected-image';
import { formatDate, formatPhone } from '../../../lib/format';
import { useAcceptedProfessionals } from '../api/accepted-professionals';
import { useTradeNames } from '../../professionals';
import { OpenConversationButton } from '../../conversations';

function Logo({ pro }: { pro: PublicProfessional }) {
  const { url } = useProtectedImage(pro.has_logo ? linePath(professionalLines.logoFile, { id: pro.professional_id }) : null);
  return (
    <Avatar src={url} radius="md" size={56} color="ouvrage" alt="">
      {pro.company.charAt(0)}
    </Avatar>
  );
}

function ProfessionalCard({ pro, projectId, canWrite }: { pro: PublicProfessional; projectId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const names = useTradeNames();
  return (
    <Card withBorder padding="md" data-testid={`accepted-professional-${pro.professional_id}`}>
      <Group align="flex-start" wrap="nowrap">
        <Logo pro={pro} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{pro.trade_name || pro.company}</Text>
            {pro.profession && (
              <Badge variant="light" style={{ textTransform: 'none' }}>
                {names.professionNamed(pro.profession)}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            <bdi>{pro.company}</bdi>
            {pro.city ? (
              <>
                {' · '}
                <bdi>{pro.city}</bdi>
              </>
            ) : (
              ''
            )}
            {pro.year_founded ? ` · ${t('tenders.profile.since', { year: pro.year_founded })}` : ''}
            {pro.accepted_at ? ` · ${t('tenders.profile.acceptedOn', { date: formatDate(pro.accepted_at) })}` : ''}
          </Text>
          {pro.description && (
            <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {pro.description}
            </Text>
          )}
          {pro.services.length > 0 && (
            <Text size="sm">
              <strong>{t('tenders.profile.services')}</strong> {names.join(pro.services.map(names.serviceNamed))}
            </Text>
          )}
          {pro.decennale?.insurer && (
            <Text size="sm">
              <strong>{t('tenders.profile.decennale')}</strong> <bdi>{pro.decennale.insurer}</bdi>
              {pro.decennale.valid_until ? ` — ${t('tenders.profile.validUntil', { date: formatDate(pro.decennale.valid_until) })}` : ''}
            </Text>
          )}
          {pro.references.length > 0 && (
            <Text size="sm">
              <strong>{t('tenders.profile.references')}</strong> {pro.references.map((r) => [r.title, r.city, r.year].filter(Boolean).join(', ')).join(' · ')}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            <Anchor size="sm" href={`mailto:${pro.contact_email}`} style={{ overflowWrap: 'anywhere' }}>
              {pro.contact_email}
            </Anchor>
            {pro.contact_phone && (
              <Anchor size="sm" href={`tel:${pro.contact_phone.replace(/\s/g, '')}`} dir="ltr">
                {formatPhone(pro.contact_phone)}
              </Anchor>
            )}
            {/* Addresses saved before only http(s) was accepted are not turned into links. */}
            {pro.website && isWebAddress(pro.website) && (
              <Anchor size="sm" href={pro.website} target="_blank" rel="noopener noreferrer">
                {t('tenders.profile.website')}
              </Anchor>
            )}
          </Group>
          {/* The conversation stays next to the project's quotes and invoices (decision 1230). */}
          {canWrite && (
            <OpenConversationButton
              projectId={projectId}
              withUserId={pro.professional_id}
              label={t('conversations.writeTo', { name: pro.trade_name || pro.company })}
              testId={`write-to-${pro.professional_id}`}
            />
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * On the project page: the professionals who accepted the project, with their public profile.
 * Renders nothing while nobody has accepted. Addressed to the client on their own project; the
 * admin reads about « the client » (`forClient` false). The client and the admin write to each one (`canWrite`).
 */
export function AcceptedProfessionalsSection({ projectId, forClient, canWrite = forClient }: { projectId: number; forClient: boolean; canWrite?: boolean }) {
  const { t } = useTranslation();
  const query = useAcceptedProfessionals(projectId);
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="accepted-professionals">
      <Title order={2} size="h4" mb="xs">
        {t(forClient ? 'tenders.profile.title' : 'tenders.profile.titleOthers', { count: query.data.length })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(forClient ? 'tenders.profile.intro' : 'tenders.profile.introOthers')}
      </Text>
      <Stack gap="sm">
        {query.data.map((pro) => (
          <ProfessionalCard key={pro.tender_id} pro={pro} projectId={projectId} canWrite={canWrite} />
        ))}
      </Stack>
    </Card>
  );
}
