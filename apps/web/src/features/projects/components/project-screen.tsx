import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DetailHeader } from '../../../components/ui/detail-header';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/format';
import { fieldErrors } from '../../../lib/use-error-message';
import { useClientProjects } from '../api/project-lists';
import { useAddDetail, useProject } from '../api/project-detail';
import { AcceptedProfessionalsSection, TenderProgressLine } from '../../tenders';
import { CompareQuotesLink } from '../../quotes';
import { ContractLifeSection } from '../../contract-life';
import { SiteLogSection } from '../../site-log';
import { OpenConversationButton } from '../../conversations';
import { ProjectTimeline } from '../../activity';
import { useCatalogLabels } from '../../catalog';
import { CancelProjectModal } from './cancel-project-modal';
import { ProjectAdminPanel } from './project-admin-panel';
import { ProjectProgress } from './project-progress';
import { ProjectEditModal } from './project-edit-modal';
import { ProjectFields, StageBadge, StateBadge } from './project-fields';
import { ProjectFiles } from './project-files';
import { SectionCard } from '../../../components/ui/section-card';

function DetailForm({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const add = useAddDetail(projectId);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const fields = fieldErrors(add.error);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('projects.details.question')}
        value={question}
        onChange={(e) => setQuestion(e.currentTarget.value)}
        error={fields.question}
        maxLength={300}
      />
      <Textarea
        label={t('projects.details.answer')}
        value={answer}
        onChange={(e) => setAnswer(e.currentTarget.value)}
        error={fields.answer}
        autosize
        minRows={2}
        maxLength={5000}
      />
      <ErrorAlert error={add.error && Object.keys(fields).length === 0 ? add.error : null} />
      <Group>
        <Button
          variant="light"
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { question: question.trim(), answer: answer.trim() },
              {
                onSuccess: () => {
                  setQuestion('');
                  setAnswer('');
                },
              },
            )
          }
        >
          {t('projects.details.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function ProjectPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const user = useCurrentUser();
  const query = useProject(id);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const { project: p, details, files } = query.data;
  const isAdmin = user?.user_type === 'admin';
  const open = p.state !== 'Annulé';

  return (
    <Stack gap="md">
      <DetailHeader title={t('projects.page.title', { id: p.id })}>
        <Text c="dimmed">
          {catalog.category(p.category_name)} — {catalog.bien(p.bien_name)} · {p.ville} · {t('projects.page.createdOn', { date: formatDate(p.created_at) })}
        </Text>
      </DetailHeader>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('projects.fields.state')}
            </Text>
            <StateBadge state={p.state} />
            <Text size="sm" fw={600} ms="md">
              {t('projects.fields.stage')}
            </Text>
            <StageBadge stage={p.stage} />
          </Group>
          <ProjectProgress state={p.state} stage={p.stage} />
          <TenderProgressLine projectId={p.id} enabled={isAdmin || user?.id === p.client_id} />
          {p.state === 'En attente' && !isAdmin && <Alert color="blue">{t('projects.page.pendingHint')}</Alert>}
          {p.can_cancel && (
            <Group>
              <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
                {t('projects.cancel.open')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      {isAdmin && (
        <SectionCard title={t('projects.admin.title')} testId="project-admin">
          <ProjectAdminPanel project={p} />
        </SectionCard>
      )}
      <AcceptedProfessionalsSection projectId={p.id} forClient={user?.id === p.client_id} canWrite={user?.id === p.client_id || isAdmin} />
      {/* A professional at work on the project writes to its client here (decision 1230). */}
      {user && !isAdmin && user.id !== p.client_id && user.user_type !== 'client' && (
        <Group>
          <OpenConversationButton projectId={p.id} withUserId={p.client_id} label={t('conversations.writeClient')} testId="write-to-client" />
        </Group>
      )}
      <CompareQuotesLink projectId={p.id} clientId={p.client_id} />
      {/* The project's contracts in one place (decision 1224): quote, avenants, schedule, invoices, payments, what is due next. */}
      {(user?.id === p.client_id || user?.user_type === 'admin' || user?.user_type === 'architecte') && (
        <ContractLifeSection projectId={p.id} client={user?.id === p.client_id} />
      )}
      <SiteLogSection projectId={p.id} />
      <SectionCard title={user?.id === p.client_id ? t('projects.page.request') : t('projects.page.clientRequest')}>
        <Stack>
          <ProjectFields project={p} />
          {p.can_edit && (
            <Group>
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            </Group>
          )}
        </Stack>
      </SectionCard>
      <SectionCard title={t('projects.details.title')}>
        <Stack>
          {details.length === 0 && <Text c="dimmed">{t('projects.details.none')}</Text>}
          {details.map((d) => (
            <div key={d.id}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {d.question}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {d.answer}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(d.created_at)}
                {d.author_name ? ` · ${d.author_name}` : ''}
              </Text>
            </div>
          ))}
          {open && <DetailForm projectId={p.id} />}
        </Stack>
      </SectionCard>
      <SectionCard title={t('projects.files.title')}>
        <ProjectFiles projectId={p.id} files={files} canUpload={open} />
      </SectionCard>
      {/* The project's one history (decision 1202): its own events and its records', newest first. */}
      <ProjectTimeline projectId={p.id} />
      {editing && <ProjectEditModal project={p} opened={editing} onClose={() => setEditing(false)} />}
      {cancelling && <CancelProjectModal projectId={p.id} opened={cancelling} onClose={() => setCancelling(false)} />}
    </Stack>
  );
}

/** `/single-projet` (the client's latest project) and `/single-projet/{id}`. */
export default function ProjectScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const user = useCurrentUser();
  const latest = useClientProjects(!id && user?.user_type === 'client' ? user.id : undefined);
  if (id) {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) return <Navigate to="/dashboard" replace />;
    return <ProjectPage key={n} id={n} />;
  }
  if (user?.user_type !== 'client') return <Navigate to="/dashboard" replace />;
  if (latest.isPending) return <ScreenLoader />;
  if (latest.error) return <ErrorAlert error={latest.error} />;
  const first = latest.data?.items[0];
  if (!first)
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('projects.client.title')}
        </Title>
        <Text>{t('projects.client.none')}</Text>
        <Anchor component={Link} to="/">
          {t('projects.client.start')}
        </Anchor>
      </Stack>
    );
  return <ProjectPage key={first.id} id={first.id} />;
}
