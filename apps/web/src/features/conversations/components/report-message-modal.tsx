import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportMessageBody } from '@ouvrage/contracts';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useReportMessage } from '../api/moderation';

const SCHEMA = formSchema(reportMessageBody);

interface Values {
  message_id: number;
  reason: string;
  details: string;
}

const toBody = (v: Values) => ({ message_id: v.message_id, reason: v.reason, details: v.details.trim() || undefined });

/**
 * « Signaler » a message of the other member (decision 1230 « Reports and moderation »): the reason
 * among four kinds, an optional text; the Ouvrage team then reads the conversation.
 */
export function ReportMessageModal({
  conversationId,
  messageId,
  opened,
  onClose,
  onDone,
}: {
  conversationId: number;
  messageId: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportMessage(conversationId);
  const form = useContractForm<Values>({
    initialValues: { message_id: messageId, reason: '', details: '' },
    schema: SCHEMA,
    toBody,
    serverError: report.error,
  });
  const submit = form.onSubmit((values) =>
    report.mutate(toBody(values) as Parameters<typeof report.mutate>[0], {
      onSuccess: () => {
        onDone();
        onClose();
      },
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('conversations.report.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form noValidate onSubmit={submit} data-testid="report-form">
        <Stack>
          <Text size="sm">{t('conversations.report.intro')}</Text>
          <Radio.Group {...form.getInputProps('reason')} label={t('conversations.report.reason')} required>
            <Stack gap={6} mt={6}>
              {REPORT_REASONS.map((reason) => (
                <Radio key={reason} value={reason} label={t(`conversations.report.reasons.${reason}`)} data-testid={`report-reason-${reason}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('conversations.report.details')}
            description={t('conversations.report.detailsHint', { max: REPORT_DETAILS_MAX_LENGTH })}
            {...form.getInputProps('details')}
            autosize
            minRows={2}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            dir="auto"
            data-testid="report-details"
          />
          <ErrorAlert error={form.alertError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={report.isPending} data-testid="report-confirm">
              {t('conversations.report.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
