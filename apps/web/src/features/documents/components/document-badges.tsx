import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentAreaKind } from '@ouvrage/contracts';
import { QUOTE_STATUSES } from '@ouvrage/domain';

/** Badges show their whole word: a table column never squeezes them into « CO… ». */
export const WHOLE = { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } as const;

const KIND_COLORS: Record<DocumentAreaKind, string> = { quote: 'blue', 'signed-quote': 'teal', contract: 'grape', 'project-file': 'gray' };

export function DocumentKindBadge({ kind }: { kind: DocumentAreaKind }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={KIND_COLORS[kind]} styles={WHOLE} data-testid="document-kind">
      {t(`documents.kinds.${kind}`)}
    </Badge>
  );
}

const SIGNATURE_COLORS: Record<string, string> = { draft: 'gray', out_for_signature: 'orange', signed: 'green', cancelled: 'red' };
const QUOTE_COLORS: Record<string, string> = {
  Envoyé: 'blue',
  Accepté: 'teal',
  Signé: 'green',
  Validé: 'green',
  Refusé: 'red',
  Expiré: 'gray',
  Annulé: 'red',
  Remplacé: 'gray',
  Rétracté: 'grape',
};

/** A quote's status (the quotes' own words) or a signature document's. */
export function DocumentStatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return <>—</>;
  const isQuote = (QUOTE_STATUSES as readonly string[]).includes(status);
  return (
    <Badge variant="light" color={(isQuote ? QUOTE_COLORS : SIGNATURE_COLORS)[status] ?? 'gray'} styles={WHOLE} data-testid="document-status">
      {isQuote ? t(`quotes.statuses.${status}`) : t(`documents.statuses.${status}`)}
    </Badge>
  );
}
