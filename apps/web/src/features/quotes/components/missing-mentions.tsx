import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUOTE_MENTIONS } from '@ouvrage/domain';
import { ApiError } from '../../../lib/api-client';

/** The mention codes of a `QUOTE_MENTIONS_MISSING` refusal (`params.missing`, comma separated), else null. */
export function missingMentionCodes(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'QUOTE_MENTIONS_MISSING') return null;
  const raw = error.params.missing;
  return typeof raw === 'string' && raw ? raw.split(',') : [];
}

/** What the enterprise profile lacks for the quote to be sent, with the way to fill it. */
export function MissingMentions({ codes, blocking }: { codes: readonly string[]; blocking: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={blocking ? 'red' : 'orange'}
      variant="light"
      title={t('quotes.mentions.title')}
      role={blocking ? 'alert' : 'status'}
      data-testid="missing-mentions"
    >
      <Text size="sm">{t('quotes.mentions.intro')}</Text>
      <List size="sm" mt={4}>
        {codes.map((code) => (
          <List.Item key={code}>{t(`quotes.mentions.codes.${code}`, { defaultValue: QUOTE_MENTIONS[code as keyof typeof QUOTE_MENTIONS] ?? code })}</List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/entreprise/information-legale" size="sm" mt="xs" display="inline-block">
        {t('quotes.mentions.fill')}
      </Anchor>
    </Alert>
  );
}
