import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_AREA_KINDS, DOCUMENT_AREA_STATUSES, type DocumentItem, can } from '@ouvrage/contracts';
import { QUOTE_STATUSES } from '@ouvrage/domain';
import { ListScreen } from '../../../components/ui/list-screen';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { choiceFilter, textFilter, useListQuery } from '../../../lib/list-query';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';
import { documentListQuery } from '../api/documents';
import { ContractUploadModal } from './contract-upload-modal';
import { DocumentActions } from './document-actions';
import { DocumentKindBadge, DocumentStatusBadge } from './document-badges';
import { DocumentSigners } from './document-signers';

const PER_PAGE = 20;

/**
 * `/document`: the user's documents — quotes, signed quotes, contracts, project files — with kind
 * and status, filters, search, download and « Voir »; admins and architects add contracts to sign.
 * A table on a desktop, a card per document on a phone (decision 1204).
 */
export default function DocumentsScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const user = useCurrentUser();
  const phone = useMediaQuery('(max-width: 48em)');
  const [uploading, setUploading] = useState(false);
  const list = useListQuery({
    filters: { search: textFilter(), kind: choiceFilter(DOCUMENT_AREA_KINDS), status: choiceFilter(DOCUMENT_AREA_STATUSES) },
    perPage: PER_PAGE,
    query: documentListQuery,
  });
  const mayUpload = can('documents:upload', user ? { id: user.id, user_type: user.user_type, is_validate: user.is_validate } : null);

  const statusLabel = (s: string) => ((QUOTE_STATUSES as readonly string[]).includes(s) ? t(`quotes.statuses.${s}`) : t(`documents.statuses.${s}`));
  const columns: PagedTableColumn<DocumentItem>[] = [
    { key: 'kind', header: t('documents.list.kind'), nowrap: true, width: 140, card: 'badge', cell: (d) => <DocumentKindBadge kind={d.kind} /> },
    {
      key: 'title',
      header: t('documents.list.title'),
      card: 'title',
      cell: (d) => (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            <bdi>{d.title}</bdi>
          </Text>
          <DocumentSigners signers={d.signers} />
        </Stack>
      ),
    },
    { key: 'project', header: t('documents.list.project'), card: 'detail', cell: (d) => (d.project ? <bdi>{catalog.project(d.project.name)}</bdi> : '—') },
    { key: 'status', header: t('documents.list.status'), nowrap: true, width: 130, card: 'badge', cell: (d) => <DocumentStatusBadge status={d.status} /> },
    { key: 'date', header: t('documents.list.date'), nowrap: true, card: 'detail', cell: (d) => formatDate(d.date) },
    { key: 'actions', header: t('documents.list.actions'), card: 'action', cell: (d) => <DocumentActions doc={d} /> },
  ];

  return (
    <>
      <ListScreen
        list={list}
        title={t('documents.title')}
        actions={
          mayUpload && (
            <Button onClick={() => setUploading(true)} data-testid="add-contract">
              {t('documents.addContract')}
            </Button>
          )
        }
        filters={[
          {
            type: 'search',
            name: 'search',
            label: t('documents.list.search'),
            placeholder: t('documents.list.searchPlaceholder'),
            flex: '1 1 240px',
            testId: 'documents-search',
          },
          {
            type: 'select',
            name: 'kind',
            label: t('documents.list.kind'),
            placeholder: t('documents.list.allKinds'),
            options: DOCUMENT_AREA_KINDS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) })),
            flex: '1 1 180px',
            maw: phone ? undefined : 240,
            testId: 'documents-kind',
          },
          {
            type: 'select',
            name: 'status',
            label: t('documents.list.status'),
            placeholder: t('documents.list.allStatuses'),
            options: DOCUMENT_AREA_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
            flex: '1 1 180px',
            maw: phone ? undefined : 260,
            testId: 'documents-status',
          },
        ]}
        emptyText={t('documents.list.empty')}
        table={{ columns, rowKey: (d) => d.key, minWidth: 980, rowProps: (d) => ({ 'data-testid': `document-${d.key}` }), 'data-testid': 'documents-table' }}
      />
      {mayUpload && <ContractUploadModal opened={uploading} onClose={() => setUploading(false)} withProjects={user?.user_type === 'architecte'} />}
    </>
  );
}
