import { useMemo, useState } from 'react';
import { Anchor, Card, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCatalogLabels } from '../../catalog';
import { useQuotableProjects } from '../api/quotable-projects';
import { useQuoteSettings } from '../api/quote-settings';
import { contentBody, newDraft } from '../model/draft';
import { QuoteEditor } from './quote-editor';

/**
 * `/devis/new`: choose the project (its tender accepted; `?project=ID` preselects it), then the
 * editor with the client and site filled from it and the conditions from the settings. The first
 * save creates the quote and the address becomes `/devis/{id}/modifier`.
 */
export default function NewQuoteScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projects = useQuotableProjects();
  const settings = useQuoteSettings('own');
  const [projectId, setProjectId] = useState<number | null>(() => Number(params.get('project')) || null);
  const project = projects.data?.find((p) => p.project_id === projectId);
  const ready = !!project && !settings.isPending;

  // The editor's starting point, made once per screen: a later project choice only replaces the addresses.
  const initial = useMemo(() => {
    if (!ready) return null;
    const draft = newDraft({ title: project.title, clientAddress: project.client.address, siteAddress: project.site_address, settings: settings.data });
    return { draft, savedJson: JSON.stringify(contentBody(draft)) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  if (projects.error) return <ErrorAlert error={projects.error} />;
  if (!projects.data) return <ScreenLoader />;

  const address = (a: { street: string; postcode: string; city: string } | null) => ({
    street: a?.street ?? '',
    postcode: a?.postcode ?? '',
    city: a?.city ?? '',
  });
  const chooser = (
    <Card withBorder>
      <Select
        label={t('quoteEditor.project.label')}
        placeholder={t('quoteEditor.project.placeholder')}
        description={t('quoteEditor.project.help')}
        required
        searchable
        data={projects.data.map((p) => ({
          value: String(p.project_id),
          label: t('quoteEditor.project.option', { title: catalog.project(p.name), client: p.client.name, n: p.quotes }),
        }))}
        value={projectId ? String(projectId) : null}
        onChange={(v) => setProjectId(v ? Number(v) : null)}
        allowDeselect={false}
        nothingFoundMessage={t('quoteEditor.project.nothingFound')}
      />
    </Card>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('quoteEditor.newTitle')}
      </Title>
      {projects.data.length === 0 ? (
        <Text>
          {t('quoteEditor.project.none')}{' '}
          <Anchor component={Link} to="/list-offre">
            {t('quoteEditor.project.tenders')}
          </Anchor>
        </Text>
      ) : !initial || !project ? (
        <>
          {chooser}
          {projectId !== null && !project && <Text c="red">{t('quoteEditor.project.unknown')}</Text>}
          {settings.isPending && projectId !== null && <ScreenLoader />}
        </>
      ) : (
        <>
          <ErrorAlert error={settings.error} />
          <QuoteEditor
            initialDraft={initial.draft}
            savedJson={initial.savedJson}
            quoteId={null}
            projectId={project.project_id}
            revision={0}
            detail={undefined}
            clientName={project.client.name}
            readOnly={false}
            header={chooser}
            prefill={{ projectId: project.project_id, client_address: address(project.client.address), site_address: address(project.site_address) }}
            onCreated={(created) => navigate(`/devis/${created.id}/modifier`, { replace: true })}
            onReload={() => window.location.reload()}
          />
        </>
      )}
    </Stack>
  );
}
