import { Fragment, type ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PostalAddress, QuoteDetail } from '@ouvrage/contracts';
import { Ltr } from '../../../components/ui/bdi';
import { ltr } from '../../../lib/bidi';
import { formatDate, formatPhone } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';

type Insurance = QuoteDetail['issuer']['decennale'];

export function addressText(address: PostalAddress | null): string {
  if (!address) return '';
  return [address.street, `${address.postcode} ${address.city}`].filter((s) => s.trim()).join(', ');
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed">
        {label}
      </Text>{' '}
      {/* A value of its own direction: « 8 rue de Charonne » keeps its number first in Arabic. */}
      {typeof children === 'string' ? <bdi>{children}</bdi> : children}
    </Text>
  );
}

export function InsuranceText({ insurance }: { insurance: Insurance }) {
  const { t } = useTranslation();
  if (!insurance?.insurer) return <>{t('quotes.parties.notProvided')}</>;
  // Each typed part in its own direction, the number and the date left to right: in Arabic the
  // French insurer and cover no longer swap places with the words around them (decision 1206).
  const parts: ReactNode[] = [
    <bdi key="insurer">{insurance.insurer}</bdi>,
    insurance.policy_number && t('quotes.parties.policy', { number: ltr(insurance.policy_number) }),
    insurance.coverage && <bdi key="coverage">{insurance.coverage}</bdi>,
    insurance.valid_until && t('quotes.parties.validUntil', { date: ltr(formatDate(insurance.valid_until)) }),
  ].filter(Boolean);
  return (
    <span data-testid="insurance-text">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The issuer (as printed on the quote), the client and the site address. */
export function QuoteParties({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const { issuer, client } = quote;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder padding="md" data-testid="quote-issuer">
        <Title order={2} size="h5" mb="xs">
          {t('quotes.parties.issuer')}
        </Title>
        <Stack gap={2}>
          <Text fw={700}>{issuer.trade_name || issuer.name}</Text>
          {issuer.trade_name && issuer.trade_name !== issuer.name && <Text size="sm">{issuer.name}</Text>}
          <Line label={t('quotes.parties.legalForm')}>{issuer.legal_form}</Line>
          <Line label={t('quotes.parties.address')}>{issuer.address}</Line>
          <Line label={t('quotes.parties.siret')}>{issuer.siret}</Line>
          <Line label={t('quotes.parties.rcsRm')}>{issuer.rcs_rm}</Line>
          <Line label={t('quotes.parties.tvaNumber')}>{issuer.tva_number}</Line>
          <Line label={t('quotes.parties.email')}>{issuer.email}</Line>
          <Line label={t('quotes.parties.phone')}>{issuer.phone ? <Ltr>{formatPhone(issuer.phone)}</Ltr> : null}</Line>
          <Line label={t('quotes.parties.decennale')}>
            <InsuranceText insurance={issuer.decennale} />
          </Line>
          <Line label={t('quotes.parties.rcPro')}>
            <InsuranceText insurance={issuer.rc_pro} />
          </Line>
        </Stack>
      </Card>
      <Card withBorder padding="md" data-testid="quote-client">
        <Title order={2} size="h5" mb="xs">
          {t('quotes.parties.client')}
        </Title>
        <Stack gap={2}>
          <Text fw={700}>{client.name}</Text>
          <Line label={t('quotes.parties.address')}>{addressText(client.address)}</Line>
          <Line label={t('quotes.parties.email')}>{client.email}</Line>
          <Line label={t('quotes.parties.phone')}>{client.phone ? <Ltr>{formatPhone(client.phone)}</Ltr> : null}</Line>
          <Line label={t('quotes.parties.project')}>{catalog.project(quote.project.name)}</Line>
          <Line label={t('quotes.parties.site')}>{addressText(quote.site_address) || t('quotes.parties.notProvided')}</Line>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
