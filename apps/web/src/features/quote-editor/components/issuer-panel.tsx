import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteIssuer, QuoteMentionItem } from '@ouvrage/contracts';
import { formatDate, formatEuros } from '../../../lib/format';

type Insurance = NonNullable<QuoteIssuer['decennale']>;

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" miw={170}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'orange.8'} dir={value ? 'auto' : undefined}>
        {value || t('quoteSettings.issuer.missing')}
      </Text>
    </Group>
  );
}

function InsuranceFacts({ title, insurance }: { title: string; insurance: Insurance | null }) {
  const { t } = useTranslation();
  const validity =
    insurance?.valid_from || insurance?.valid_until
      ? t('quoteSettings.issuer.validity', { from: formatDate(insurance?.valid_from) || '…', until: formatDate(insurance?.valid_until) || '…' })
      : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Fact label={t('quoteSettings.issuer.insurer')} value={insurance?.insurer} />
      <Fact label={t('quoteSettings.issuer.policy')} value={insurance?.policy_number} />
      <Fact label={t('quoteSettings.issuer.coverage')} value={insurance?.coverage} />
      <Fact label={t('quoteSettings.issuer.validityLabel')} value={validity} />
      <Fact label={t('quoteSettings.issuer.certificate')} value={insurance?.has_certificate ? t('quoteSettings.issuer.attached') : null} />
    </Stack>
  );
}

/** What quotes print of the issuer, read from the enterprise profile, and what is still missing to send one. */
export function IssuerPanel({ issuer, missing }: { issuer: QuoteIssuer | null; missing: QuoteMentionItem[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="quote-issuer-title">
      <Title order={2} size="h4" mb="xs" id="quote-issuer-title">
        {t('quoteSettings.issuer.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('quoteSettings.issuer.help')}
      </Text>
      <Stack gap="sm">
        <Stack gap={2}>
          <Fact label={t('quoteSettings.issuer.name')} value={issuer?.name} />
          <Fact label={t('quoteSettings.issuer.legalForm')} value={issuer?.legal_form} />
          <Fact label={t('quoteSettings.issuer.capital')} value={issuer?.capital_cents != null ? formatEuros(issuer.capital_cents) : null} />
          <Fact label={t('quoteSettings.issuer.address')} value={issuer?.address} />
          <Fact label={t('quoteSettings.issuer.siret')} value={issuer?.siret} />
          <Fact label={t('quoteSettings.issuer.rcsRm')} value={issuer?.rcs_rm} />
          <Fact label={t('quoteSettings.issuer.tvaNumber')} value={issuer?.tva_number} />
        </Stack>
        <InsuranceFacts title={t('quoteSettings.issuer.decennale')} insurance={issuer?.decennale ?? null} />
        <InsuranceFacts title={t('quoteSettings.issuer.rcPro')} insurance={issuer?.rc_pro ?? null} />
        {missing.length > 0 ? (
          <Stack gap={4} data-testid="settings-missing-mentions">
            <Text size="sm" fw={600} c="orange.9">
              {t('quoteEditor.send.missingTitle')}
            </Text>
            <List size="sm">
              {missing.map((m) => (
                <List.Item key={m.code}>{t(`quoteEditor.mentions.${m.code}`, { defaultValue: m.label })}</List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Text size="sm" c="teal.8">
            {t('quoteSettings.issuer.complete')}
          </Text>
        )}
        <Group gap="md">
          <Anchor component={Link} to="/entreprise/information-legale" size="sm">
            {t('quoteSettings.issuer.editLegal')}
          </Anchor>
          <Anchor component={Link} to="/entreprise/information-generale" size="sm">
            {t('quoteSettings.issuer.editGeneral')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
