import { useState } from 'react';
import { Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate, formatEuros } from '../../../lib/format';
import { useQuotes } from '../api/quote-detail';
import { QuoteStatusBadge } from './quote-status-badge';
import { VersionDiff } from './version-diff';

function DiffLoader({ previousId, current }: { previousId: number; current: QuoteDetail }) {
  const { t } = useTranslation();
  const [previous] = useQuotes([previousId]);
  if (previous.error) return <ErrorAlert error={previous.error} />;
  if (!previous.data) return <Loader size="sm" aria-label={t('common.loading')} />;
  return <VersionDiff before={previous.data} after={current} />;
}

/** Every version of the quote, and what changed since the previous one. */
export function QuoteVersions({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const [comparing, setComparing] = useState(false);
  const versions = [...quote.versions].sort((a, b) => a.version - b.version);
  const previous = versions.filter((v) => v.version < quote.version).at(-1);
  if (versions.length < 2) return null;
  return (
    <Card withBorder padding="md" data-testid="quote-versions">
      <Title order={2} size="h4" mb="xs">
        {t('quotes.versions.title')}
      </Title>
      <Stack gap="sm">
        <div style={{ overflowX: 'auto' }}>
          <Table miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('quotes.list.label')}</Table.Th>
                <Table.Th scope="col">{t('quotes.list.status')}</Table.Th>
                <Table.Th scope="col">{t('quotes.list.sentAt')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('quotes.list.amountTtc')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((v) => (
                <Table.Tr key={v.id} aria-current={v.id === quote.id ? 'true' : undefined} fw={v.id === quote.id ? 700 : undefined}>
                  <Table.Td>
                    {v.id === quote.id ? (
                      <Text size="sm" fw={700}>
                        {v.label}{' '}
                        <Text span size="xs" c="dimmed">
                          ({t('quotes.versions.current')})
                        </Text>
                      </Text>
                    ) : (
                      <Anchor component={Link} to={`/devis/${v.id}`} size="sm">
                        {v.label}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <QuoteStatusBadge status={v.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(v.sent_at) || '—'}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuros(v.total_ttc_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {previous && (
          <Group>
            <Button variant="light" onClick={() => setComparing((c) => !c)} aria-expanded={comparing} data-testid="compare-previous">
              {comparing ? t('quotes.versions.hideDiff') : t('quotes.versions.compare')}
            </Button>
          </Group>
        )}
        {previous && comparing && <DiffLoader previousId={previous.id} current={quote} />}
      </Stack>
    </Card>
  );
}
