import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/use-error-message';
import type { AutosaveState } from './use-quote-autosave';

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** « Enregistré à 14:32 », « Enregistrement… », or what went wrong and what to do (announced politely). */
export function AutosaveStatus({
  state,
  stored,
  gaps,
  onRetry,
  onReload,
}: {
  state: AutosaveState;
  stored?: boolean;
  /** Lines and lot titles still to complete before sending: saved as typed, named after what is saved (decision 1203). */
  gaps?: { lines: number; lots: number };
  onRetry: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  if (state.kind === 'conflict') {
    return (
      <Alert color="orange" role="alert" title={t('quoteEditor.autosave.conflictTitle')}>
        <Group justify="space-between">
          <Text size="sm">{t('quoteEditor.autosave.conflict')}</Text>
          <Button size="xs" variant="light" onClick={onReload}>
            {t('quoteEditor.autosave.reload')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (state.kind === 'locked' || state.kind === 'error') {
    return (
      <Alert color="red" role="alert" title={t('quoteEditor.autosave.failed')}>
        <Group justify="space-between">
          <Text size="sm">{message(state.error)}</Text>
          {state.kind === 'error' && (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('quoteEditor.autosave.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  const text =
    state.kind === 'saving'
      ? t('quoteEditor.autosave.saving')
      : state.kind === 'saved'
        ? t('quoteEditor.autosave.savedAt', { time: time.format(state.at) })
        : state.kind === 'pending'
          ? t('quoteEditor.autosave.pending')
          : state.kind === 'needs-title'
            ? t('quoteEditor.autosave.needsTitle')
            : // Nothing typed since the page opened: a stored draft is as saved as it gets.
              stored
              ? t('quoteEditor.autosave.upToDate')
              : '';
  const missing = [
    gaps?.lines ? t('quoteEditor.autosave.gapLines', { count: gaps.lines }) : '',
    gaps?.lots ? t('quoteEditor.autosave.gapLots', { count: gaps.lots }) : '',
  ].filter(Boolean);
  const held = state.kind === 'saved' && state.held ? t('quoteEditor.autosave.held', { count: state.held }) : '';
  const toComplete = [
    held,
    missing.length && state.kind !== 'needs-title' ? t('quoteEditor.autosave.gaps', { list: missing.join(t('quoteEditor.autosave.gapsSeparator')) }) : '',
  ]
    .filter(Boolean)
    .join(' — ');
  return (
    <Text size="sm" c={state.kind === 'needs-title' ? 'orange.8' : 'dimmed'} role="status" aria-live="polite" data-testid="autosave-status">
      {text}
      {text && toComplete ? ' — ' : ''}
      {toComplete && (
        <Text span c="orange.9" size="sm">
          {toComplete}
        </Text>
      )}
    </Text>
  );
}
