import { MultiSelect, Select } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CitedEntry, SiteLogEntry } from '@ouvrage/contracts';
import { formatDate, formatNumber } from '../../../lib/format';
import { useProjectEntries } from '../api/citations';

/** « n° 3 · 12/11/2026 — Dalle coulée… » (the text cut short: the picker's line stays one line). */
function entryLabel(t: TFunction, entry: SiteLogEntry): string {
  const text = entry.body.replace(/\s+/g, ' ').trim();
  const heading = t('siteLog.entryHeading', { number: formatNumber(entry.number), date: formatDate(entry.work_date) });
  return `${heading} — ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
}

interface PickerProps {
  projectId: number;
  /** Only entries with photos (a reservation's photo). */
  withPhotos?: boolean;
  label: string;
  description?: string;
  error?: string | null;
  'data-testid'?: string;
}

/** The project's entries the caller reads, for a choice; nothing when there are none or the journal is not theirs. */
function useChoices(projectId: number, withPhotos: boolean | undefined) {
  const { t } = useTranslation();
  const entries = useProjectEntries(projectId);
  const items = (entries.data?.items ?? []).filter((e) => !withPhotos || e.photos.length > 0);
  return { items, data: items.map((e) => ({ value: String(e.id), label: entryLabel(t, e) })), loaded: entries.isSuccess };
}

/** Several entries of the project's journal (an invoice's justification, decision 1232). */
export function JournalEntriesPicker({ value, onChange, ...props }: PickerProps & { value: CitedEntry[]; onChange: (entries: CitedEntry[]) => void }) {
  const { t } = useTranslation();
  const { items, data, loaded } = useChoices(props.projectId, props.withPhotos);
  if (!loaded || data.length === 0) return null;
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      error={props.error}
      data={data}
      value={value.map((e) => String(e.entry_id))}
      // In journal order, as the invoice prints them.
      onChange={(ids) =>
        onChange(
          items
            .filter((e) => ids.includes(String(e.id)))
            .map((e) => ({ entry_id: e.id, number: e.number, work_date: e.work_date }))
            .sort((a, b) => a.number - b.number),
        )
      }
      placeholder={value.length ? undefined : t('siteLog.citations.pick')}
      searchable
      clearable
      nothingFoundMessage={t('siteLog.citations.noneFound')}
      comboboxProps={{ withinPortal: true }}
      data-testid={props['data-testid']}
    />
  );
}

/** One entry of the project's journal (a reservation's photo, decision 1232); `empty` said when none has photos. */
export function JournalEntryPicker({ value, onChange, ...props }: PickerProps & { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { data, loaded } = useChoices(props.projectId, props.withPhotos);
  if (!loaded) return null;
  return (
    <Select
      label={props.label}
      description={data.length ? props.description : t(props.withPhotos ? 'siteLog.citations.noneWithPhotos' : 'siteLog.citations.none')}
      error={props.error}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      placeholder={t('siteLog.citations.pickOne')}
      disabled={data.length === 0}
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid={props['data-testid']}
    />
  );
}
