import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTenderProgress } from '../api/tender-progress';

/**
 * The tenders of the client's project in plain words (issue 15): « Envoyé à 3 professionnels :
 * 1 a accepté, 1 a refusé, 1 n'a pas encore répondu. » Nothing while none was sent.
 */
export function TenderProgressLine({ projectId, enabled }: { projectId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const query = useTenderProgress(projectId, enabled);
  const p = query.data;
  if (!enabled || !p) return null;
  if (p.sent === 0) return null;
  // One or many by the key, not i18next plurals: Arabic words it with the number after a colon.
  const say = (key: string, count: number) => t(`tenders.progress.${key}${count === 1 ? 'One' : 'Many'}`, { count });
  const parts = (['accepted', 'refused', 'waiting', 'expired', 'closed'] as const).filter((k) => p[k] > 0).map((k) => say(k, p[k]));
  return (
    <Text size="sm" data-testid="tender-progress">
      {say('sent', p.sent)}
      {parts.length ? `${t('tenders.progress.colon')}${parts.join(t('tenders.progress.separator'))}` : ''}
      {t('tenders.progress.end')}
    </Text>
  );
}
