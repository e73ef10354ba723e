import { useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SiteLogEntry } from '@ouvrage/contracts';
import { ListScreen } from '../../../components/ui/list-screen';
import { ApiError } from '../../../lib/api-client';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';
import { useListQuery } from '../../../lib/list-query';
import { journalPageQuery } from '../api/site-log';
import { correctionDraft, emptyDraft, type EntryDraft } from '../model/entry-form';
import { EntryCard } from './entry-card';
import { EntryForm } from './entry-form';
import { ExportPdfButton } from './export-pdf-button';

const PER_PAGE = 10;
const NO_FILTERS = {};

/** The form being filled: a new entry, or the correction of an entry (its number for the title). */
type Writing = { draft: EntryDraft; correctsNumber?: number; key: number };

/**
 * The project page's « Journal de chantier » (decision 1231): the entries, newest first, as cards,
 * a page at a time (`journal_page` in the address); « Nouvelle entrée » and « Corriger » for whoever
 * the API lets write (`can_write`). Nothing at all for whoever it refuses (403).
 */
export function SiteLogSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const list = useListQuery({ filters: NO_FILTERS, perPage: PER_PAGE, prefix: 'journal', query: journalPageQuery(projectId) });
  const [writing, setWriting] = useState<Writing | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const error = list.result.error;
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return null;
  if (!list.result.data && !error) return null;
  const canWrite = list.result.data?.can_write ?? false;

  const open = (next: Omit<Writing, 'key'>) => {
    setSaved(null);
    setWriting({ ...next, key: Date.now() });
    // The form is above the list: bring it into view (a phone's thumb is far below).
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const correct = (entry: SiteLogEntry) => open({ draft: correctionDraft(entry), correctsNumber: entry.number });

  return (
    <Card withBorder padding="md" data-testid="site-log-section">
      <ListScreen
        list={list}
        variant="section"
        title={t('siteLog.title')}
        caption={t('siteLog.title')}
        count={false}
        emptyText={t('siteLog.empty')}
        table={{ columns: [], rowKey: (e) => e.id }}
        body={(rows) => (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="site-log-entries">
            {rows.map((entry) => (
              <EntryCard key={entry.id} entry={entry} projectId={projectId} onCorrect={canWrite ? correct : undefined} />
            ))}
          </Stack>
        )}
      >
        <Text size="sm" c="dimmed">
          {t('siteLog.intro')}
        </Text>
        {/* Under the title rather than beside it: full width on a phone, where the thumb reaches it. */}
        <Group gap="sm" align="flex-start" wrap="wrap">
          {canWrite && !writing && (
            <Button onClick={() => open({ draft: emptyDraft() })} w={{ base: '100%', sm: 'auto' }} data-testid="site-log-new">
              {t('siteLog.newEntry')}
            </Button>
          )}
          {(list.result.data?.total ?? 0) > 0 && <ExportPdfButton projectId={projectId} />}
        </Group>
        {saved !== null && (
          <Alert color="green" variant="light" withCloseButton onClose={() => setSaved(null)} role="status" data-testid="site-log-saved">
            {t('siteLog.form.saved', { number: ltr(formatNumber(saved)) })}
          </Alert>
        )}
        {writing && (
          <Card withBorder padding="sm" ref={formRef} bg="var(--mantine-color-gray-0)">
            <EntryForm
              key={writing.key}
              projectId={projectId}
              initial={writing.draft}
              correctsNumber={writing.correctsNumber}
              onSaved={(entry) => {
                setWriting(null);
                setSaved(entry.number);
                if (list.page !== 1) list.setPage(1);
              }}
              onCancel={() => setWriting(null)}
            />
          </Card>
        )}
      </ListScreen>
    </Card>
  );
}
