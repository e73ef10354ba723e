import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClientDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDate } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';

/** Accepted quotes, contracts and réception reports waiting for the client's signature. */
export function DocumentsToSignWidget({ documents }: { documents: ClientDashboard['documents_to_sign'] }) {
  const { t } = useTranslation();
  return (
    <WidgetCard title={t('dashboards.client.documents.title')} testId="documents-to-sign" figure={documents.total}>
      {documents.items.length === 0 ? (
        <EmptyText>{t('dashboards.client.documents.none')}</EmptyText>
      ) : (
        <Stack gap="xs">
          {documents.items.map((d) => (
            <Group key={`${d.kind}:${d.id}`} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {t(`dashboards.client.documents.kinds.${d.kind}`, { label: d.kind === 'contract' ? d.label : ltr(d.label) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('dashboards.client.documents.since', { date: ltr(formatDate(d.since)) })}
                </Text>
              </Stack>
              <Button component={Link} to={d.to} size="xs" variant="light" style={{ flexShrink: 0 }}>
                {t('dashboards.client.documents.sign')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
