import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { canSee } from '../../../lib/access';
import { useQuoteInvoicing } from '../api/quote-invoicing';
import { IssueInvoiceModal } from './issue-invoice-modal';

/** « Émettre une facture » on a validated quote, for its issuer (or an admin). */
export function IssueInvoiceButton({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const allowed = quote.status === 'Validé' && !!user && (user.user_type === 'admin' || (canSee('invoices:issue', user) && user.id === quote.issuer.id));
  const invoicing = useQuoteInvoicing(quote.id, allowed);
  if (!allowed) return null;
  return (
    <>
      <Button onClick={() => setOpened(true)} disabled={!invoicing.data} loading={invoicing.isPending} data-testid="issue-invoice">
        {t('invoices.issue.open')}
      </Button>
      {invoicing.data && opened && <IssueInvoiceModal quote={quote} invoicing={invoicing.data} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
