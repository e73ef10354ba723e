import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_AREA_KINDS, DOCUMENT_AREA_STATUSES, type DocumentAreaKind, type DocumentItem, can } from '@ouvrage/contracts';
import { QUOTE_STATUSES } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useDocumentList } from '../api/documents';
import { ContractUploadModal } from './contract-upload-modal';
import { DocumentActions } from './document-actions';
import { DocumentKindBadge, DocumentStatusBadge } from './document-badges';
import { DocumentSigners } from './document-signers';
import { resultsCount } from '../../../lib/results-count';

const PER_PAGE = 20;

/** A phone's card: everything the table row shows, one under the other. */
function DocumentCard({ doc }: { doc: DocumentItem }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid={`document-${doc.key}`}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <DocumentKindBadge kind={doc.kind} />
          <DocumentStatusBadge status={doc.status} />
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {doc.title}
        </Text>
        {doc.project && (
          <Text size="sm" c="dimmed">
            {t('documents.list.project')} : {doc.project.title}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {formatDate(doc.date)}
        </Text>
        <DocumentSigners signers={doc.signers} />
        <DocumentActions doc={doc} />
      </Stack>
    </Card>
  );
}

/**
 * `/document`: the user's documents — quotes, signed quotes, contracts, project files — with kind
 * and status, filters, search, download and « Voir »; admins and architects add contracts to sign.
 * A table on a desktop, cards on a phone.
 */
export default function DocumentsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<DocumentAreaKind | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const documents = useDocumentList({ page, per_page: PER_PAGE, kind: kind ?? undefined, status: status ?? undefined, search: debounced || undefined });
  const mayUpload = can('documents:upload', user ? { id: user.id, user_type: user.user_type, is_validate: user.is_validate } : null);

  const statusLabel = (s: string) => ((QUOTE_STATUSES as readonly string[]).includes(s) ? t(`quotes.statuses.${s}`) : t(`documents.statuses.${s}`));
  const columns: PagedTableColumn<DocumentItem>[] = [
    { key: 'kind', header: t('documents.list.kind'), nowrap: true, width: 140, cell: (d) => <DocumentKindBadge kind={d.kind} /> },
    {
      key: 'title',
      header: t('documents.list.title'),
      cell: (d) => (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {d.title}
          </Text>
          <DocumentSigners signers={d.signers} />
        </Stack>
      ),
    },
    { key: 'project', header: t('documents.list.project'), cell: (d) => d.project?.title ?? '—' },
    { key: 'status', header: t('documents.list.status'), nowrap: true, width: 130, cell: (d) => <DocumentStatusBadge status={d.status} /> },
    { key: 'date', header: t('documents.list.date'), nowrap: true, cell: (d) => formatDate(d.date) },
    { key: 'actions', header: t('documents.list.actions'), cell: (d) => <DocumentActions doc={d} /> },
  ];

  const resetPage = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('documents.title')}
        </Title>
        {mayUpload && (
          <Button onClick={() => setUploading(true)} data-testid="add-contract">
            {t('documents.addContract')}
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('documents.list.search')}
          placeholder={t('documents.list.searchPlaceholder')}
          value={search}
          onChange={(e) => resetPage(setSearch)(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 240px' }}
          data-testid="documents-search"
        />
        <Select
          label={t('documents.list.kind')}
          placeholder={t('documents.list.allKinds')}
          data={DOCUMENT_AREA_KINDS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
          value={kind}
          onChange={(v) => resetPage(setKind)(v as DocumentAreaKind | null)}
          clearable
          style={{ flex: '1 1 180px' }}
          maw={phone ? undefined : 240}
          data-testid="documents-kind"
        />
        <Select
          label={t('documents.list.status')}
          placeholder={t('documents.list.allStatuses')}
          data={DOCUMENT_AREA_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={status}
          onChange={resetPage(setStatus)}
          clearable
          style={{ flex: '1 1 180px' }}
          maw={phone ? undefined : 260}
          data-testid="documents-status"
        />
      </Group>
      {documents.data && (
        <Text size="sm" c="dimmed" role="status">
          {resultsCount(t, documents.data)}
        </Text>
      )}
      {phone ? (
        <Stack data-testid="documents-cards">
          <ErrorAlert error={documents.error} />
          {documents.data?.items.length === 0 && <Text c="dimmed">{t('documents.list.empty')}</Text>}
          {documents.data?.items.map((d) => <DocumentCard key={d.key} doc={d} />)}
          {documents.data && documents.data.total > PER_PAGE && (
            <Group justify="center">
              <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
                {t('common.previous')}
              </Button>
              <Button variant="default" disabled={page * PER_PAGE >= documents.data.total} onClick={() => setPage(page + 1)}>
                {t('common.next')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <PagedTable<DocumentItem>
          caption={t('documents.title')}
          captionHidden
          rows={documents.data?.items}
          rowKey={(d) => d.key}
          loading={documents.isPending}
          error={documents.error}
          emptyText={t('documents.list.empty')}
          page={page}
          perPage={PER_PAGE}
          total={documents.data?.total}
          onPageChange={setPage}
          minWidth={980}
          rowProps={(d) => ({ 'data-testid': `document-${d.key}` })}
          data-testid="documents-table"
          columns={columns}
        />
      )}
      {mayUpload && <ContractUploadModal opened={uploading} onClose={() => setUploading(false)} withProjects={user?.user_type === 'architecte'} />}
    </Stack>
  );
}
