import { useState } from 'react';
import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { openQuotePdf } from '../api/quote-pdf';
import { useSendQuote } from '../api/send-quote';

/** Mentions the issuer fixes on the enterprise screens; the others are fixed in the quote itself. */
const PROFILE_MENTIONS = new Set(['name', 'legalForm', 'address', 'siret', 'rcsRm', 'tvaNumber', 'decennale', 'decennaleValid', 'rcPro']);

/**
 * « Aperçu PDF » and « Envoyer au client »: sending is disabled while a mandatory mention is
 * missing (the list says which, with a link to the enterprise screens); otherwise it asks for a
 * confirmation, saves the draft, sends, and opens the quote's page.
 */
export function SendPanel({
  quoteId,
  detail,
  readOnly,
  saveNow,
}: {
  quoteId: number;
  detail: QuoteDetail;
  readOnly: boolean;
  saveNow: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendQuote();
  const [confirming, setConfirming] = useState(false);
  const [pdfError, setPdfError] = useState<unknown>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const missing = detail.missing_mentions;
  const canSend = !readOnly && detail.can.send && missing.length === 0;

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() => {
            setPdfError(null);
            void saveNow().then(() => openQuotePdf(quoteId).catch(setPdfError));
          }}
        >
          {t('quoteEditor.send.preview')}
        </Button>
        {!readOnly && (
          <Button onClick={() => setConfirming(true)} disabled={!canSend} aria-describedby={missing.length ? 'quote-missing-mentions' : undefined}>
            {t('quoteEditor.send.button')}
          </Button>
        )}
      </Group>
      <ErrorAlert error={pdfError} />
      {!readOnly && missing.length > 0 && (
        <Stack gap={4} id="quote-missing-mentions" data-testid="missing-mentions" maw={460}>
          <Text size="sm" c="orange.9" fw={600}>
            {t('quoteEditor.send.missingTitle')}
          </Text>
          <List size="sm">
            {missing.map((m) => (
              <List.Item key={m.code}>{t(`quoteEditor.mentions.${m.code}`, { defaultValue: m.label })}</List.Item>
            ))}
          </List>
          {missing.some((m) => PROFILE_MENTIONS.has(m.code)) && (
            <Anchor component={Link} to="/entreprise/information-legale" size="sm">
              {t('quoteEditor.send.completeProfile')}
            </Anchor>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('quoteEditor.send.confirmTitle')}
        cancelLabel={t('quoteEditor.cancel')}
        confirmLabel={t('quoteEditor.send.confirm')}
        color="blue"
        pending={send.isPending}
        error={send.error}
        onConfirm={async () => {
          setSaveFailed(false);
          if (!(await saveNow())) return setSaveFailed(true);
          send.mutate(quoteId, { onSuccess: () => navigate(`/devis/${quoteId}`) });
        }}
      >
        <Text>{t('quoteEditor.send.confirmText', { client: detail.client.name, email: detail.client.email ?? '—' })}</Text>
        {saveFailed && <Text c="red">{t('quoteEditor.send.saveFirst')}</Text>}
      </ConfirmModal>
    </Stack>
  );
}
