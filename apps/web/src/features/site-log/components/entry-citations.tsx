import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLogCitation } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';

/**
 * Where an entry is cited (decision 1232), for the citing document's parties: « Justifie la
 * situation n° F-2026-0012 », « Photo de la réserve n° 2 », each a link to its page.
 */
export function EntryCitations({ citations }: { citations: SiteLogCitation[] | undefined }) {
  const { t } = useTranslation();
  if (!citations?.length) return null;
  return (
    <Stack gap={2} data-testid="site-log-cited-by">
      {citations.map((c) =>
        c.kind === 'invoice' ? (
          <Text size="sm" key={`i${c.invoice_id}`}>
            <Anchor component={Link} to={`/facture/${c.invoice_id}`} size="sm" data-testid={`site-log-cited-invoice-${c.invoice_id}`}>
              {t(`siteLog.citations.justifies.${c.invoice_kind}`, { number: ltr(c.invoice_number) })}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" key={`r${c.reservation_id}`}>
            <Anchor component={Link} to={`/devis/${c.quote_id}/reception`} size="sm" data-testid={`site-log-cited-reservation-${c.reservation_id}`}>
              {t('siteLog.citations.reservationPhoto', { number: ltr(formatNumber(c.position + 1)) })}
            </Anchor>
          </Text>
        ),
      )}
    </Stack>
  );
}
