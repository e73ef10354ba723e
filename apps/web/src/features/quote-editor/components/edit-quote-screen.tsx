import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCatalogLabels } from '../../catalog';
import { useNewVersion } from '../api/new-version';
import { useQuoteDetail } from '../api/quote-detail';
import { contentBody, draftFromDetail } from '../model/draft';
import { dropHandover, peekHandover } from '../model/handover';
import { QuoteEditor } from './quote-editor';
import { PaymentScheduleSection } from '../../payment-schedule';

function NotDraft({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const newVersion = useNewVersion();
  return (
    <Alert color="blue" title={t('quoteEditor.readOnly.title', { status: t(`quoteEditor.status.${quote.status}`) })}>
      <Stack gap="xs">
        <Text size="sm">{t('quoteEditor.readOnly.text')}</Text>
        <ErrorAlert error={newVersion.error} />
        <Group>
          {quote.can.new_version && (
            <Button
              loading={newVersion.isPending}
              onClick={() => newVersion.mutate(quote.id, { onSuccess: (draft) => navigate(`/devis/${draft.id}/modifier`) })}
            >
              {t('quoteEditor.readOnly.newVersion')}
            </Button>
          )}
          <Anchor component={Link} to={`/devis/${quote.id}`} size="sm">
            {t('quoteEditor.readOnly.view')}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `/devis/{id}/modifier`: the editor of a draft, or the quote read-only with « Nouvelle version ». */
export default function EditQuoteScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const detail = useQuoteDetail(id);
  const [reloads, setReloads] = useState(0);
  // The draft `/devis/new` handed over (typed while this screen loaded), read once at the first render with data.
  const [handover] = useState(() => (id && detail.data ? peekHandover(id, detail.data.revision) : null));
  useEffect(() => {
    if (id) dropHandover(id);
  }, [id]);

  if (!id) return <ErrorAlert error={new Error('not found')} />;
  if (detail.error) return <ErrorAlert error={detail.error} />;
  if (!detail.data) return <ScreenLoader />;
  const quote = detail.data;
  const editable = quote.can.edit && quote.status === 'Brouillon';
  const fresh = handover && handover.quoteId === quote.id && reloads === 0 ? handover : null;
  const stored = draftFromDetail(quote);

  return (
    <Stack>
      <Anchor component={Link} to={`/devis/${quote.id}`} size="sm">
        {t('quoteEditor.backToQuote')}
      </Anchor>
      <Title order={1} size="h2">
        {t('quoteEditor.editTitle', { label: quote.number ? quote.label : t('quoteEditor.draftLabel'), project: catalog.project(quote.project.name) })}
      </Title>
      {!editable && <NotDraft quote={quote} />}
      <QuoteEditor
        key={`${quote.id}-${reloads}`}
        initialDraft={fresh?.draft ?? stored}
        savedJson={fresh?.savedJson ?? JSON.stringify(contentBody(stored))}
        quoteId={quote.id}
        projectId={quote.project.id}
        revision={quote.revision}
        detail={quote}
        clientName={quote.client.name}
        readOnly={!editable}
        onReload={() => void detail.refetch().then(() => setReloads((n) => n + 1))}
      />
      {/* The schedule is part of what is sent (decision 1221): set here, beside the lines it is measured on. */}
      {editable && <PaymentScheduleSection quoteId={quote.id} issuerId={quote.issuer.id} />}
    </Stack>
  );
}
