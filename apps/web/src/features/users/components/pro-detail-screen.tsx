import { useState } from 'react';
import { Anchor, Button, Card, Grid, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { isolate, ltr } from '../../../lib/bidi';
import { formatDate, formatEuros, formatPhone } from '../../../lib/format';
import {
  openCertificate,
  useProInfo,
  useStatusRegister,
  type ProfessionalInfo,
  useReferences,
  useTradeNames,
  useZones,
  ChecklistItems,
  ValidationBadge,
} from '../../professionals';
import { EditUserModal } from './clients-screen';
import { ProDecisionCards } from './pro-decision';

/** The admin's page for one professional: whole profile, registry data, insurance, identity check, validation. */
export default function ProDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const info = useProInfo(id);
  const status = useStatusRegister(id);
  const names = useTradeNames();
  if (info.error) return <ErrorAlert error={info.error} />;
  if (!info.data || !status.data) return <ScreenLoader />;
  const p = info.data;
  return (
    <Stack gap="lg" maw={1100}>
      <DetailHeader
        back={{ to: '/gestion-user/pro-list', label: `← ${t('menu.professionals')}` }}
        title={p.legal.raison_sociale || `${p.user.firstname} ${p.user.lastname}`}
        badge={<ValidationBadge state={p.user.is_validate} />}
      >
        <Text c="dimmed">
          {p.trade.profession_name ? names.professionNamed(p.trade.profession_name) : t(`users.roles.${p.user.user_type}`)} ·{' '}
          {t('users.registeredOn', { date: formatDate(p.user.created_at) })}
        </Text>
      </DetailHeader>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <ProfileSummary info={p} />
            <Extras userId={id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                {t('professionals.checklistTitleAdmin')} — {status.data.completeness.percent} %
              </Title>
              <ChecklistItems status={status.data} links={false} />
            </Card>
            <ProDecisionCards userId={id} info={p} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={190} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* In its own direction: « 5 place du Commerce » keeps its number first in Arabic. */}
      <Text size="sm">
        <bdi>{value === null || value === undefined || value === '' ? '—' : value}</bdi>
      </Text>
    </Group>
  );
}

function ProfileSummary({ info }: { info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const names = useTradeNames();
  const { legal, general, user, insurances, registry } = info;
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('users.detail.identity')}
        </Title>
        <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
          {t('users.detail.editContact')}
        </Button>
      </Group>
      {editing && (
        <EditUserModal
          user={{
            id: user.id,
            civility: user.civility,
            firstname: user.firstname,
            lastname: user.lastname,
            email: user.email,
            phone: user.phone,
            user_type: user.user_type,
            is_validate: user.is_validate,
            created_at: user.created_at,
            company: null,
            client_company: null,
          }}
          onClose={() => setEditing(false)}
        />
      )}
      <Stack gap={4}>
        <Row label={t('users.contact')} value={`${user.civility ?? ''} ${user.firstname} ${user.lastname}`.trim()} />
        <Row label={t('users.email')} value={user.email} />
        <Row label={t('users.phone')} value={formatPhone(user.phone)} />
        <Row label={t('professionals.legal.siret')} value={legal.siret} />
        <Row label={t('professionals.legal.formeJuridique')} value={legal.forme_juridique} />
        <Row label={t('professionals.legal.capital')} value={legal.capital_cents !== null ? formatEuros(legal.capital_cents) : null} />
        <Row label={t('professionals.legal.rcsRm')} value={legal.rcs_rm} />
        <Row label={t('professionals.legal.tva')} value={legal.tva_number} />
        <Row label={t('professionals.legal.naf')} value={legal.naf_code} />
        <Row
          label={t('professionals.legal.headOffice')}
          value={[legal.head_office_address, legal.head_office_postcode, legal.head_office_city].filter(Boolean).join(' ')}
        />
        <Row
          label={t('users.detail.registry')}
          value={
            registry.state
              ? `${registry.name} — ${registry.state === 'A' ? t('users.detail.active') : t('users.detail.closed')} (${formatDate(registry.checked_at)})`
              : t('users.detail.notChecked')
          }
        />
      </Stack>
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('users.detail.insurances')}
      </Title>
      {(['decennale', 'rc_pro'] as const).map((kind) => {
        const ins = insurances[kind];
        return (
          <Group key={kind} justify="space-between" mb={4}>
            {/* The typed insurer and cover in their own direction, the number and the period left to right (decision 1206). */}
            <Text size="sm" data-testid={`pro-insurance-${kind}`}>
              <b>{t(`professionals.insurance.${kind}`)}</b> :{' '}
              {ins
                ? `${t('users.insurancePolicy', { insurer: isolate(ins.insurer ?? '—'), number: ltr(ins.policy_number ?? '—') })}, ${ltr(`${formatDate(ins.valid_from)} → ${formatDate(ins.valid_until)}`)}`
                : '—'}
              {ins?.coverage ? (
                <>
                  {' '}
                  (<bdi>{ins.coverage}</bdi>)
                </>
              ) : (
                ''
              )}
            </Text>
            <Group gap="xs">
              <Text size="sm" c={ins?.valid ? 'teal.8' : 'red.8'}>
                {ins?.valid ? t('professionals.insurance.valid') : t('professionals.insurance.notValid')}
              </Text>
              {ins?.has_certificate && (
                <Anchor component="button" type="button" size="sm" onClick={() => void openCertificate(user.id, kind)}>
                  {t('users.detail.certificate')}
                </Anchor>
              )}
            </Group>
          </Group>
        );
      })}
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('menu.enterpriseGeneral')}
      </Title>
      <Stack gap={4}>
        <Row label={t('professionals.general.tradeName')} value={general.trade_name} />
        <Row label={t('professionals.general.description')} value={general.description} />
        <Row label={t('professionals.general.website')} value={general.website} />
        <Row label={t('professionals.general.contactEmail')} value={general.contact_email} />
        <Row label={t('professionals.general.contactPhone')} value={formatPhone(general.contact_phone)} />
        <Row label={t('professionals.general.yearFounded')} value={general.year_founded} />
        <Row label={t('professionals.general.headcount')} value={general.headcount} />
        <Row label={t('professionals.trade.services')} value={names.join(info.trade.service_names.map(names.serviceNamed))} />
      </Stack>
    </Card>
  );
}

function Extras({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const zones = useZones(userId);
  const refs = useReferences(userId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {t('menu.enterpriseZone')}
        </Title>
        {zones.data?.length ? (
          <List size="sm">
            {zones.data.map((z) => (
              <List.Item key={z.id}>{z.label}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {t('menu.enterpriseReferences')}
        </Title>
        {refs.data?.length ? (
          <List size="sm">
            {refs.data.map((r) => (
              <List.Item key={r.id}>
                {r.title} {r.year ? `(${r.year})` : ''} — {t('users.detail.photos', { count: r.photos.length })}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}
