import { Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { diffQuoteLines, formatPercent, formatQuantity, type ComparableLine } from '@ouvrage/domain';
import { comparableLines } from '../model/domain-lines';
import { formatEuros } from '../../../lib/format';

const FIELD_FORMAT: Record<string, (line: ComparableLine) => string> = {
  quantityMilli: (l) => formatQuantity(l.quantityMilli),
  unit: (l) => l.unit,
  unitPriceCents: (l) => formatEuros(l.unitPriceCents),
  tvaRateBp: (l) => formatPercent(l.tvaRateBp),
  discountBp: (l) => formatPercent(l.discountBp),
};

function describeLine(line: ComparableLine) {
  return `${formatQuantity(line.quantityMilli)} ${line.unit} × ${formatEuros(line.unitPriceCents)} HT, TVA ${formatPercent(line.tvaRateBp)}${line.discountBp ? `, −${formatPercent(line.discountBp)}` : ''}`;
}

/** What changed from one version of a quote to the next: lines added, removed or changed (before → after), and the totals. */
export function VersionDiff({ before, after }: { before: QuoteDetail; after: QuoteDetail }) {
  const { t } = useTranslation();
  const changes = diffQuoteLines(comparableLines(before), comparableLines(after));
  const yesNo = (v: boolean) => (v ? t('quotes.diff.optional') : t('quotes.diff.firm'));
  const totals: Array<[string, number, number]> = [
    [t('quotes.totals.ht'), before.totals.total_ht_cents, after.totals.total_ht_cents],
    [t('quotes.totals.tva'), before.totals.total_tva_cents, after.totals.total_tva_cents],
    [t('quotes.totals.ttc'), before.totals.total_ttc_cents, after.totals.total_ttc_cents],
  ];
  return (
    <Stack gap="sm" data-testid="version-diff">
      <Title order={3} size="h5">
        {t('quotes.diff.title', { before: before.label, after: after.label })}
      </Title>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="diff-none">
          {t('quotes.diff.none')}
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" ps={0}>
          {changes.map((change, i) => {
            const line = change.kind === 'changed' ? change.after : change.line;
            return (
              <List.Item key={i} data-testid={`diff-${change.kind}`}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge
                    variant="light"
                    color={change.kind === 'added' ? 'green' : change.kind === 'removed' ? 'red' : 'blue'}
                    style={{ textTransform: 'none', flexShrink: 0 }}
                  >
                    {t(`quotes.diff.${change.kind}`)}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} td={change.kind === 'removed' ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
                      {line.designation}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        ({line.lot})
                      </Text>
                    </Text>
                    {change.kind === 'changed' ? (
                      change.fields.map((field) => (
                        <Text size="xs" key={field} data-testid={`diff-field-${field}`}>
                          {t(`quotes.diff.fields.${field}`)} :{' '}
                          <span dir="ltr">
                            {field === 'optional' ? yesNo(change.before.optional) : FIELD_FORMAT[field](change.before)} →{' '}
                            {field === 'optional' ? yesNo(change.after.optional) : FIELD_FORMAT[field](change.after)}
                          </span>
                        </Text>
                      ))
                    ) : (
                      <Text size="xs" c="dimmed">
                        <span dir="ltr">{describeLine(line)}</span>
                        {line.optional ? ` · ${t('quotes.lines.option')}` : ''}
                      </Text>
                    )}
                  </div>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      <Table maw={520} withRowBorders={false} verticalSpacing={2} data-testid="diff-totals">
        <Table.Tbody>
          {totals.map(([label, from, to]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr">
                  {formatEuros(from)} → {formatEuros(to)}
                </span>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
