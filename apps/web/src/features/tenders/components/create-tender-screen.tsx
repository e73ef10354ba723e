import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, List, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createTenderBody, type CreateTenderBody, type TenderSuggestion } from '@ouvrage/contracts';
import { parisDateTimeInput, parseParisDateTime } from '@ouvrage/domain';
import { DateTimeField } from '../../../components/ui/date-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useCreateTenders, useSuggestions } from '../api/admin-tenders';
import { TenderStatusBadge } from './tender-status-badge';
import { useCatalogLabels } from '../../catalog';
import { useTradeNames, type TradeNamer } from '../../professionals';

/** A reason's parameters in the reader's language: the help asked, the trade and services (given by slug). */
function localParams(params: TenderSuggestion['reasons'][number]['params'], names: TradeNamer, t: TFunction) {
  const local = { ...params };
  if (typeof params.support === 'string') local.support = t(`projects.support.${params.support}`, { defaultValue: params.support });
  if (typeof params.profession === 'string') {
    local.profession =
      typeof params.profession_slug === 'string'
        ? names.profession({ slug: params.profession_slug, name: params.profession })
        : names.professionNamed(params.profession);
  }
  if (typeof params.services === 'string' && typeof params.service_slugs === 'string')
    local.services = names.servicesOfSlugs(params.service_slugs, params.services);
  return local;
}

function Reasons({ reasons }: { reasons: TenderSuggestion['reasons'] }) {
  const { t } = useTranslation();
  const names = useTradeNames();
  return (
    <List size="sm" spacing={2}>
      {reasons.map((r, i) => (
        <List.Item
          key={i}
          c={r.points > 0 ? 'green.9' : r.points < 0 ? 'red.8' : 'dimmed'}
          icon={<span aria-hidden>{r.points > 0 ? '✔' : r.points < 0 ? '✖' : '•'}</span>}
        >
          {t(`tenders.reasons.${r.code}`, { ...localParams(r.params, names, t), defaultValue: r.label })}
        </List.Item>
      ))}
    </List>
  );
}

function Suggestion({ s, checked, onToggle }: { s: TenderSuggestion; checked: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const names = useTradeNames();
  return (
    <Card withBorder padding="sm" data-testid={`suggestion-${s.professional_id}`}>
      <Group align="flex-start" wrap="nowrap">
        <Checkbox
          checked={checked}
          onChange={onToggle}
          disabled={!s.can_send}
          aria-label={t('tenders.create.pick', { name: s.company ?? s.name })}
          mt={4}
          data-testid={`pick-${s.professional_id}`}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>{s.company ?? s.name}</Text>
              <Text size="xs" c="dimmed">
                {s.name} · {t(`tenders.userTypes.${s.user_type}`, { defaultValue: s.user_type })}
                {s.profession ? ` · ${names.professionNamed(s.profession)}` : ''}
              </Text>
            </div>
            <Group gap="xs">
              {!s.in_zone && (
                <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                  {t('tenders.create.outsideZone')}
                </Badge>
              )}
              <Badge color={s.score >= 60 ? 'green' : s.score >= 35 ? 'blue' : 'gray'} style={{ textTransform: 'none' }}>
                {t('tenders.create.score', { score: s.score })}
              </Badge>
              {s.existing && <TenderStatusBadge status={s.existing.status} />}
            </Group>
          </Group>
          <Reasons reasons={s.reasons} />
        </Stack>
      </Group>
    </Card>
  );
}

const SCHEMA = formSchema(createTenderBody);

interface Values {
  professional_ids: number[];
  /** `YYYY-MM-DDTHH:mm`, Paris time. */
  reply_deadline: string;
  message: string;
}

function CreateTender({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const [outside, setOutside] = useState(false);
  const query = useSuggestions(projectId, outside);
  const create = useCreateTenders();
  // A French chantier's deadline is a Paris date and time, whatever the admin's computer says.
  const toBody = (v: Values): CreateTenderBody => {
    const when = v.reply_deadline ? parseParisDateTime(v.reply_deadline) : null;
    return {
      project_id: projectId,
      professional_ids: v.professional_ids,
      reply_deadline: when ? when.toISOString() : undefined,
      message: v.message.trim() || undefined,
    };
  };
  const form = useContractForm<Values>({
    initialValues: { professional_ids: [], reply_deadline: '', message: '' },
    schema: SCHEMA,
    toBody,
    serverError: create.error,
  });
  const [sent, setSent] = useState<string | null>(null);
  const { professional_ids: picked, reply_deadline: deadline } = form.getValues();
  const defaultDeadline = query.data?.default_reply_deadline;
  const { setFieldValue } = form;
  useEffect(() => {
    if (defaultDeadline && !deadline) setFieldValue('reply_deadline', parisDateTimeInput(defaultDeadline));
  }, [defaultDeadline, deadline, setFieldValue]);
  // The picked professionals' message (« Choisissez au moins un professionnel. ») shows under the list.
  const pickedError = form.getInputProps('professional_ids').error;
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const { project, items } = query.data;
  const toggle = (id: number) => setFieldValue('professional_ids', (list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const submit = form.onSubmit((values) => {
    setSent(null);
    create.mutate(toBody(values), {
      onSuccess: (r) => {
        setSent(t('tenders.create.sent', { count: r.tenders.length }));
        form.setValues({ professional_ids: [], message: '' });
      },
    });
  });
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {t('tenders.create.title', { id: project.id })}
        </Title>
        <Text c="dimmed">
          {catalog.category(project.category_name)} — {catalog.bien(project.bien_name)} · {project.ville} ({project.codePostale}) ·{' '}
          {t(`projects.budgets.${project.budget}`, { defaultValue: project.budget })} · {t(`projects.states.${project.state}`, { defaultValue: project.state })}
        </Text>
        <Anchor component={Link} to={`/single-projet/${project.id}`} size="sm">
          {t('tenders.create.backToProject')}
        </Anchor>
      </div>
      {!query.data.can_send && (
        <Alert color="orange">
          {t('tenders.create.notSendable', {
            state: t(`projects.states.${project.state}`, { defaultValue: project.state }),
            validated: t('projects.states.Validé'),
            consultation: t('projects.states.En consultation'),
          })}
        </Alert>
      )}
      <Text size="sm">{t('tenders.create.limit', { max: query.data.max_acceptances, accepted: query.data.accepted_count })}</Text>
      <Switch label={t('tenders.create.includeOutside')} checked={outside} onChange={(e) => setOutside(e.currentTarget.checked)} />
      {items.length === 0 ? (
        <Text c="dimmed">{t('tenders.create.noSuggestion')}</Text>
      ) : (
        <Stack gap="xs" data-testid="suggestions">
          {items.map((s) => (
            <Suggestion key={s.professional_id} s={s} checked={picked.includes(s.professional_id)} onToggle={() => toggle(s.professional_id)} />
          ))}
        </Stack>
      )}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <DateTimeField
            label={t('tenders.create.deadline')}
            description={t('tenders.create.deadlineZone')}
            {...form.getInputProps('reply_deadline')}
            name="reply_deadline"
            maw={280}
          />
          <Textarea label={t('tenders.create.message')} {...form.getInputProps('message')} autosize minRows={2} maxLength={2000} name="message" />
          {pickedError && (
            <Text c="red" size="sm" role="alert">
              {pickedError}
            </Text>
          )}
          <ErrorAlert error={form.alertError} />
          {sent && (
            <Alert color="green" role="status" data-testid="tender-sent">
              {sent}{' '}
              <Anchor component={Link} to="/list-offre">
                {t('tenders.create.seeSent')}
              </Anchor>
            </Alert>
          )}
          <Group>
            <Button onClick={() => submit()} loading={create.isPending} disabled={picked.length === 0 || !query.data.can_send} data-testid="send-tenders">
              {t('tenders.create.send', { count: picked.length })}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** `/appel-offre/nouveau/:projectId` (admin): pick matching professionals, a deadline, a message, and send. */
export default function CreateTenderScreen() {
  const { projectId } = useParams();
  const id = Number(projectId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/dashboard" replace />;
  return <CreateTender key={id} projectId={id} />;
}
