import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { QUOTE_REASON_LIMITS } from '@ouvrage/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { ApiError } from '../../../lib/api-client';
import { useCancelQuote } from '../api/cancel-quote';
import { useDeleteQuote } from '../api/delete-quote';
import { useNewQuoteVersion } from '../api/new-version';
import { useRefuseQuote } from '../api/refuse-quote';
import { useSendQuote } from '../api/send-quote';
import { useValidateQuote } from '../api/validate-quote';
import { AcceptQuoteModal } from './accept-quote-modal';
import { MissingMentions, missingMentionCodes } from './missing-mentions';

type Dialog = 'accept' | 'refuse' | 'cancel' | 'delete' | null;

/**
 * The buttons the API says the caller may use now (`can`): the architect edits, sends, makes a new
 * version, cancels, deletes a draft or validates; the client accepts or refuses. Every failure is shown.
 */
export function QuoteActions({ quote, openAccept = false, onDone }: { quote: QuoteDetail; openAccept?: boolean; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = quote.can;
  const [dialog, setDialog] = useState<Dialog>(openAccept && can.accept ? 'accept' : null);
  const reasonRules = {
    required: true,
    min: QUOTE_REASON_LIMITS.min,
    max: QUOTE_REASON_LIMITS.max,
    description: t('quotes.reason.hint', { min: QUOTE_REASON_LIMITS.min, max: QUOTE_REASON_LIMITS.max }),
    tooShortMessage: t('quotes.reason.tooShort', { min: QUOTE_REASON_LIMITS.min }),
  };
  const send = useSendQuote();
  const newVersion = useNewQuoteVersion();
  const validate = useValidateQuote();
  const cancel = useCancelQuote();
  const remove = useDeleteQuote();
  const refuse = useRefuseQuote();
  const missing = missingMentionCodes(send.error);
  // A newer version already exists: the API names it, so the architect can go there.
  const latestId = newVersion.error instanceof ApiError ? newVersion.error.params.latest_id : undefined;
  const anyAction = Object.values(can).some(Boolean);
  if (!anyAction) return null;

  return (
    <Stack gap="sm" data-testid="quote-actions">
      <Group gap="sm">
        {can.accept && (
          <Button color="green" onClick={() => setDialog('accept')} data-testid="quote-accept">
            {t('quotes.actions.accept')}
          </Button>
        )}
        {can.refuse && (
          <Button variant="default" color="red" onClick={() => setDialog('refuse')} data-testid="quote-refuse">
            {t('quotes.actions.refuse')}
          </Button>
        )}
        {can.edit && (
          <Button component={Link} to={`/devis/${quote.id}/modifier`} variant="default" data-testid="quote-edit">
            {t('quotes.actions.edit')}
          </Button>
        )}
        {can.send && (
          <Button
            loading={send.isPending}
            data-testid="quote-send"
            onClick={() => send.mutate(quote.id, { onSuccess: (q) => onDone(t('quotes.done.sent', { label: q.label, client: q.client.name })) })}
          >
            {t('quotes.actions.send')}
          </Button>
        )}
        {can.new_version && (
          <Button
            variant="default"
            loading={newVersion.isPending}
            data-testid="quote-new-version"
            onClick={() => newVersion.mutate(quote.id, { onSuccess: (q) => navigate(`/devis/${q.id}/modifier`) })}
          >
            {t('quotes.actions.newVersion')}
          </Button>
        )}
        {can.validate && (
          <Button
            color="green"
            loading={validate.isPending}
            data-testid="quote-validate"
            onClick={() => validate.mutate(quote.id, { onSuccess: (q) => onDone(t('quotes.done.validated', { label: q.label })) })}
          >
            {t('quotes.actions.validate')}
          </Button>
        )}
        {can.cancel && (
          <Button variant="subtle" color="red" onClick={() => setDialog('cancel')} data-testid="quote-cancel">
            {t('quotes.actions.cancel')}
          </Button>
        )}
        {can.delete && (
          <Button variant="subtle" color="red" onClick={() => setDialog('delete')} data-testid="quote-delete">
            {t('quotes.actions.delete')}
          </Button>
        )}
      </Group>
      {missing ? <MissingMentions codes={missing} blocking /> : <ErrorAlert error={send.error} />}
      <ErrorAlert error={newVersion.error} />
      {latestId && (
        <Anchor component={Link} to={`/devis/${latestId}`} size="sm" data-testid="open-latest">
          {t('quotes.actions.openLatest')}
        </Anchor>
      )}
      <ErrorAlert error={validate.error} />

      {can.accept && (
        <AcceptQuoteModal
          quote={quote}
          opened={dialog === 'accept'}
          onClose={() => setDialog(null)}
          onAccepted={(q) => onDone(t('quotes.done.accepted', { label: q.label }))}
        />
      )}
      <ReasonModal
        opened={dialog === 'refuse'}
        onClose={() => setDialog(null)}
        title={t('quotes.refuse.title', { label: quote.label })}
        label={t('quotes.refuse.reason')}
        {...reasonRules}
        confirmLabel={t('quotes.refuse.confirm')}
        pending={refuse.isPending}
        error={refuse.error}
        testId="refuse"
        onConfirm={(reason) =>
          refuse.mutate(
            { id: quote.id, reason },
            {
              onSuccess: (q) => {
                setDialog(null);
                onDone(t('quotes.done.refused', { label: q.label }));
              },
            },
          )
        }
      />
      <ReasonModal
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        title={t('quotes.cancel.title', { label: quote.label })}
        label={t('quotes.cancel.reason')}
        {...reasonRules}
        confirmLabel={t('quotes.cancel.confirm')}
        pending={cancel.isPending}
        error={cancel.error}
        testId="cancel"
        onConfirm={(reason) =>
          cancel.mutate(
            { id: quote.id, reason },
            {
              onSuccess: (q) => {
                setDialog(null);
                onDone(t('quotes.done.cancelled', { label: q.label }));
              },
            },
          )
        }
      />
      <ConfirmModal
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('quotes.delete.title')}
        confirmLabel={t('quotes.delete.confirm')}
        pending={remove.isPending}
        error={remove.error}
        confirmTestId="delete-confirm"
        onConfirm={() => remove.mutate(quote.id, { onSuccess: () => navigate('/devis/list', { replace: true }) })}
      >
        <Text size="sm">{t('quotes.delete.text', { title: quote.title })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
