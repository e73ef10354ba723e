import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentCard, MessageReference } from '@ouvrage/contracts';
import { formatDate, formatEuros } from '../../../lib/format';
import { AvenantStatusBadge } from '../../avenants';
import { InvoiceStatusBadge } from '../../invoices';
import { QuoteStatusBadge } from '../../quotes';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A sheet of paper: a document of the project (the composer's button, the card). */
export function DocumentIcon({ size = 18 }: { size?: number }) {
  return (
    <svg aria-hidden width={size} height={size} viewBox="0 0 24 24" {...stroke}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6M8 13h8M8 17h5" />
    </svg>
  );
}

function StatusBadge({ document: d }: { document: DocumentCard }) {
  if (d.kind === 'quote') return <QuoteStatusBadge status={d.status} />;
  if (d.kind === 'invoice') return <InvoiceStatusBadge status={d.status} />;
  return <AvenantStatusBadge status={d.status} />;
}

/** « Devis D-2026-0012 », « Facture F-2026-0003 », « Avenant (brouillon) »: what names the document in one line. */
export function useDocumentName() {
  const { t } = useTranslation();
  return (d: Pick<DocumentCard, 'kind' | 'number'>) => `${t(`conversations.references.kinds.${d.kind}`)} ${d.number ?? t('conversations.references.draft')}`;
}

/**
 * What a document's card shows (decision 1230 « References »): kind and number, title, status
 * with the label of its own feature, TTC as the API gave it (an avenant's: the change it makes), date.
 */
export function DocumentFacts({ document: d }: { document: DocumentCard }) {
  const { t } = useTranslation();
  const name = useDocumentName();
  const amount = formatEuros(d.total_ttc_cents);
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap" c="ouvrage.8">
        <DocumentIcon size={16} />
        <Text size="sm" fw={700} truncate="end" data-testid="reference-name">
          <bdi>{name(d)}</bdi>
        </Text>
      </Group>
      <Text size="sm" dir="auto" lineClamp={2} data-testid="reference-title">
        {d.title}
      </Text>
      <Group gap="xs" wrap="wrap" align="center">
        <StatusBadge document={d} />
        <Text size="sm" fw={600} data-testid="reference-amount">
          <bdi dir="ltr">{d.kind === 'avenant' && d.total_ttc_cents > 0 ? `+${amount}` : amount}</bdi> {t('conversations.references.ttc')}
        </Text>
        <Text size="xs" c="dimmed">
          <bdi dir="ltr">{formatDate(d.date)}</bdi>
        </Text>
      </Group>
    </Stack>
  );
}

/** A message's reference: the document's card, opening its page; « Document indisponible » when the reader may not see it. */
export function MessageReferenceCard({ reference }: { reference: MessageReference }) {
  const { t } = useTranslation();
  const d = reference.document;
  if (!d)
    return (
      <Paper withBorder radius="sm" p="xs" mt={6} bg="var(--mantine-color-gray-0)" data-testid="message-reference" data-available="false">
        <Group gap={6} wrap="nowrap" c="dimmed">
          <DocumentIcon size={16} />
          <Text size="sm" fs="italic">
            {t('conversations.references.unavailable')}
          </Text>
        </Group>
      </Paper>
    );
  return (
    <UnstyledButton component={Link} to={d.link} display="block" mt={6} data-testid="message-reference" data-available="true" data-kind={d.kind}>
      <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-body)" style={{ borderInlineStart: '3px solid var(--mantine-color-ouvrage-6, #1c6fb8)' }}>
        <DocumentFacts document={d} />
      </Paper>
    </UnstyledButton>
  );
}
