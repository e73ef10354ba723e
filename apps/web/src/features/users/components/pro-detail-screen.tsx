import { useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, List, SimpleGrid, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate, formatDateTime, formatEuros, formatPhone } from '../../../lib/format';
import { fieldErrors } from '../../../lib/use-error-message';
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
import { useCheckUser, useSetValidation, type IdentityCheck } from '../api/accounts';
import { EditUserModal } from './clients-screen';

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
            <IdentityCheckCard userId={id} />
            <ValidationCard userId={id} info={p} />
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
            <Text size="sm">
              <b>{t(`professionals.insurance.${kind}`)}</b> :{' '}
              {ins
                ? `${t('users.insurancePolicy', { insurer: ins.insurer ?? '—', number: ins.policy_number ?? '—' })}, ${formatDate(ins.valid_from)} → ${formatDate(ins.valid_until)}`
                : '—'}
              {ins?.coverage ? ` (${ins.coverage})` : ''}
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

const CHECK_KEYS: Array<keyof IdentityCheck> = [
  'siret_valid',
  'registry_found',
  'registry_active',
  'name_matches',
  'decennale_valid',
  'rc_pro_valid',
  'profile_complete',
];

function IdentityCheckCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const check = useCheckUser();
  const result = check.data;
  return (
    <Card withBorder data-testid="identity-check">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('users.check.title')}
        </Title>
        <Button size="xs" variant="light" loading={check.isPending} onClick={() => check.mutate(userId)}>
          {t('users.check.run')}
        </Button>
      </Group>
      <ErrorAlert error={check.error} />
      {result ? (
        <Stack gap={6}>
          {!result.registry_available && <Alert color="orange">{t('users.check.registryDown')}</Alert>}
          <List spacing={4} size="sm" center>
            {CHECK_KEYS.filter((k) => k !== 'decennale_valid' || result.decennale_required).map((key) => (
              <List.Item
                key={key}
                data-testid={`identity-${key}`}
                icon={
                  <ThemeIcon size={18} radius="xl" color={result[key] ? 'teal' : key === 'profile_complete' ? 'orange' : 'red'} aria-hidden>
                    {result[key] ? '✓' : '✕'}
                  </ThemeIcon>
                }
              >
                {t(`users.check.items.${key}`)}
                {key === 'name_matches' && result.registry_name ? ` (${result.registry_name})` : ''}
              </List.Item>
            ))}
          </List>
          <Alert color={result.ok ? 'teal' : 'red'} data-testid="identity-result">
            {result.ok ? t('users.check.ok') : t('users.check.notOk')}
          </Alert>
          <Text size="xs" c="dimmed">
            {formatDateTime(result.checked_at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('users.check.intro')}
        </Text>
      )}
    </Card>
  );
}

function ValidationCard({ userId, info }: { userId: number; info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const validation = useSetValidation(userId);
  const [reason, setReason] = useState('');
  const fields = fieldErrors(validation.error);
  return (
    <Card withBorder data-testid="validation-card">
      <Title order={2} size="h4" mb="xs">
        {t('users.validation.title')}
      </Title>
      {info.user.validation_reason && info.user.is_validate === 'Refusé' && (
        <Alert color="red" mb="sm">
          {t('users.validation.lastReason', { reason: info.user.validation_reason })}
        </Alert>
      )}
      {validation.isSuccess && (
        <Alert color="teal" mb="sm" role="status">
          {validation.data.message}
        </Alert>
      )}
      <ErrorAlert error={validation.error && !fields.reason ? validation.error : null} />
      <Textarea
        label={t('users.validation.reason')}
        description={t('users.validation.reasonHelp')}
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={fields.reason}
      />
      <Group mt="sm">
        <Button
          color="teal"
          loading={validation.isPending && validation.variables?.is_validate === 'Validé'}
          disabled={info.user.is_validate === 'Validé'}
          onClick={() => validation.mutate({ is_validate: 'Validé', reason: null })}
        >
          {t('users.validation.validate')}
        </Button>
        <Button
          color="red"
          variant="light"
          loading={validation.isPending && validation.variables?.is_validate === 'Refusé'}
          onClick={() => validation.mutate({ is_validate: 'Refusé', reason: reason.trim() || null })}
        >
          {t('users.validation.refuse')}
        </Button>
      </Group>
    </Card>
  );
}
