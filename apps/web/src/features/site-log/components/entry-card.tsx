import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SiteLogEntry } from '@ouvrage/contracts';
import { isolate, ltr } from '../../../lib/bidi';
import { formatDate, formatNumber } from '../../../lib/format';
import { EntryCitations } from './entry-citations';
import { EntryComments } from './entry-comments';
import { EntryPhotos } from './entry-photos';

/** The element id of an entry's card, so a correction link can bring it into view. */
export const entryAnchor = (entryId: number) => `site-log-entry-${entryId}`;

/** Scroll to an entry's card when it is on this page (a correction link). */
function showEntry(entryId: number) {
  const card = document.getElementById(entryAnchor(entryId));
  if (!card) return;
  card.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card.focus({ preventScroll: true });
}

/**
 * One entry of the journal: « n° 3 · 12/11/2026 », its author and role, the lot, the weather
 * stoppage, the text as typed (in its own direction), the photos, the corrections it makes or
 * received, its comments, and « Corriger » for a writer while it is not corrected yet.
 */
export function EntryCard({
  entry,
  projectId,
  onCorrect,
  component = 'li',
}: {
  entry: SiteLogEntry;
  projectId: number;
  onCorrect?: (entry: SiteLogEntry) => void;
  /** `div` where the card stands alone (the entry opened from an invoice, decision 1232). */
  component?: 'li' | 'div';
}) {
  const { t } = useTranslation();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const number = ltr(formatNumber(entry.number));
  const corrected = entry.corrected_by !== null;
  return (
    <Card
      withBorder
      padding="sm"
      component={component}
      id={component === 'li' ? entryAnchor(entry.id) : undefined}
      tabIndex={-1}
      data-testid={`site-log-entry-${entry.number}`}
      data-corrected={corrected ? 'true' : 'false'}
      style={{ borderInlineStart: corrected ? '4px solid var(--mantine-color-orange-5)' : undefined }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
          <Text fw={700} component="h3" m={0} size="md">
            {t('siteLog.entryHeading', { number, date: ltr(formatDate(entry.work_date)) })}
          </Text>
          {entry.weather_stop && (
            <Badge color="blue" variant="light" data-testid="site-log-weather-badge">
              {t('siteLog.weatherNoNote')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <bdi>{entry.author.name}</bdi> · {t(`siteLog.roles.${entry.author.role}`)}
        </Text>
        {entry.lot_label && (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('siteLog.lot', { lot: isolate(entry.lot_label) })}
          </Text>
        )}
        {entry.weather_stop && entry.weather_note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="site-log-weather">
            {t('siteLog.weather', { note: isolate(entry.weather_note) })}
          </Text>
        )}
        {entry.corrects && (
          <Text size="sm" data-testid="site-log-corrects">
            <Anchor component="button" type="button" size="sm" underline="always" onClick={() => showEntry(entry.corrects!.id)}>
              {t('siteLog.corrects', { number: ltr(formatNumber(entry.corrects.number)) })}
            </Anchor>
          </Text>
        )}
        {entry.corrected_by && (
          <Text size="sm" c="orange.9" fw={600} data-testid="site-log-corrected-by">
            <Anchor component="button" type="button" size="sm" c="orange.9" fw={600} underline="always" onClick={() => showEntry(entry.corrected_by!.id)}>
              {t('siteLog.correctedBy', { number: ltr(formatNumber(entry.corrected_by.number)) })}
            </Anchor>
          </Text>
        )}
        <Text dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="site-log-body">
          {entry.body}
        </Text>
        <EntryPhotos photos={entry.photos} entryNumber={entry.number} />
        <EntryCitations citations={entry.cited_by} />
        <Group gap="xs" wrap="wrap">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={commentsOpen}
            onClick={() => setCommentsOpen((o) => !o)}
            data-testid={`site-log-comments-toggle-${entry.number}`}
          >
            {t(commentsOpen ? 'siteLog.comments.close' : 'siteLog.comments.open', { count: entry.comments_count })}
          </Button>
          {onCorrect && !corrected && (
            <Button
              variant="subtle"
              size="compact-sm"
              color="orange"
              aria-label={t('siteLog.correctEntry', { number: formatNumber(entry.number) })}
              onClick={() => onCorrect(entry)}
              data-testid={`site-log-correct-${entry.number}`}
            >
              {t('siteLog.correct')}
            </Button>
          )}
        </Group>
        {commentsOpen && <EntryComments projectId={projectId} entryId={entry.id} entryNumber={entry.number} />}
      </Stack>
    </Card>
  );
}
