import { useState } from 'react';
import { Button, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SITE_LOG_LIMITS } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ltr } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import { fieldErrors } from '../../../lib/use-error-message';
import { useCommentEntry, useEntryDetail } from '../api/site-log';

/** An entry's comments, read when opened, and the box to add one (never edited afterwards). */
export function EntryComments({ projectId, entryId, entryNumber }: { projectId: number; entryId: number; entryNumber: number }) {
  const { t, i18n } = useTranslation();
  const detail = useEntryDetail(projectId, entryId, true);
  const comment = useCommentEntry(projectId, entryId);
  const [body, setBody] = useState('');
  const fields = fieldErrors(comment.error, i18n);
  const send = () =>
    comment.mutate(body.trim(), {
      onSuccess: () => setBody(''),
    });
  return (
    <Stack gap="xs" data-testid={`site-log-comments-${entryNumber}`}>
      {detail.isPending && <Loader size="sm" />}
      <ErrorAlert error={detail.error} />
      {detail.data && detail.data.comments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('siteLog.comments.none')}
        </Text>
      )}
      {detail.data && detail.data.comments.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {detail.data.comments.map((c) => (
            <li key={c.id} data-testid="site-log-comment">
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <bdi>{c.author.name}</bdi> · {t(`siteLog.roles.${c.author.role}`)} · {ltr(formatDateTime(c.created_at))}
              </Text>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.body}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Textarea
        label={t('siteLog.comments.label')}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={fields.body}
        autosize
        minRows={2}
        maxLength={SITE_LOG_LIMITS.comment}
        dir="auto"
        data-testid={`site-log-comment-input-${entryNumber}`}
      />
      <ErrorAlert error={comment.error && !fields.body ? comment.error : null} />
      <Button
        variant="light"
        w={{ base: '100%', sm: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
        loading={comment.isPending}
        disabled={body.trim() === ''}
        onClick={send}
        data-testid={`site-log-comment-send-${entryNumber}`}
      >
        {t('siteLog.comments.send')}
      </Button>
    </Stack>
  );
}
