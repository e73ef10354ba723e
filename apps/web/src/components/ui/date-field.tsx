import { DateInput, DatesProvider, DateTimePicker, type DateInputProps, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, sanitizeLanguageCode, type Language } from '@ouvrage/domain';
import 'dayjs/locale/fr';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ar';
import '@mantine/dates/styles.css';
import classes from './date-field.module.css';

/**
 * The date fields of every form (issue 15, docs/decisions/0926): the UI kit's date input with its
 * calendar, in the interface's language whatever the browser's (French month and day names in
 * French), days typed and shown as jj/mm/aaaa, weeks starting on Monday. The value stays the wire
 * format, `YYYY-MM-DD` (`''` when empty), as the native input gave it.
 */

const DAYJS_LOCALES: Record<Language, string> = { fr: 'fr', en: 'en-gb', ar: 'ar' };

/** Calendar settings of the interface's language: Monday first in every language, Saturday and Sunday as the weekend. */
function useDateSettings() {
  const { i18n } = useTranslation();
  const language = sanitizeLanguageCode(i18n.resolvedLanguage ?? '') ?? DEFAULT_LANGUAGE;
  return { language, settings: { locale: DAYJS_LOCALES[language], firstDayOfWeek: 1 as const, weekendDays: [0, 6] as Array<0 | 6> } };
}

/** Names of the calendar's buttons, for screen readers. */
function useCalendarLabels() {
  const { t } = useTranslation();
  return {
    monthLevelControl: t('dateField.calendar.monthLevel'),
    yearLevelControl: t('dateField.calendar.yearLevel'),
    nextMonth: t('dateField.calendar.nextMonth'),
    previousMonth: t('dateField.calendar.previousMonth'),
    nextYear: t('dateField.calendar.nextYear'),
    previousYear: t('dateField.calendar.previousYear'),
    nextDecade: t('dateField.calendar.nextDecade'),
    previousDecade: t('dateField.calendar.previousDecade'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day, as `YYYY-MM-DD`, or null (31/02 is not a day). */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * What a user types, read day first: `28/11/2026`, `28-11-2026`, `28.11.2026`, `28 11 2026`,
 * `1/2/2026`, a two-digit year (`28/11/26` is 2026), or the ISO form `2026-11-28`. Anything else
 * (letters, an impossible day) is null.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{2}|\d{4})$/.exec(value);
  if (!dayFirst) return null;
  const year = dayFirst[3].length === 2 ? 2000 + Number(dayFirst[3]) : Number(dayFirst[3]);
  return calendarDay(year, Number(dayFirst[2]), Number(dayFirst[1]));
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** `YYYY-MM-DD`, or `''` when empty. */
  value: string;
  onChange: (value: string) => void;
};

/** A calendar date typed (jj/mm/aaaa) or picked in the calendar. */
export function DateField({ value, onChange, placeholder, clearable = true, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const { settings } = useDateSettings();
  const ariaLabels = useCalendarLabels();
  return (
    <DatesProvider settings={settings}>
      <DateInput
        ariaLabels={ariaLabels}
        classNames={{ day: classes.day }}
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat="DD/MM/YYYY"
        dateParser={(text) => parseTypedDate(text)}
        placeholder={placeholder ?? t('dateField.placeholder')}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('dateField.clear') }}
        allowDeselect={clearable}
        inputMode="numeric"
        autoComplete="off"
      />
    </DatesProvider>
  );
}

type DateTimeFieldProps = Omit<DateTimePickerProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat'> & {
  /** Local date and time `YYYY-MM-DDTHH:mm` (the former datetime-local value), or `''`. */
  value: string;
  onChange: (value: string) => void;
};

/** `YYYY-MM-DD HH:mm[:ss]` (the picker's value) → `YYYY-MM-DDTHH:mm`. */
const toLocalDateTime = (v: string | null) => (v ? v.replace(' ', 'T').slice(0, 16) : '');

/** A day and a time (24-hour clock), picked in the calendar; shown jj/mm/aaaa hh:mm. */
export function DateTimeField({ value, onChange, placeholder, ...props }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const { settings } = useDateSettings();
  const ariaLabels = useCalendarLabels();
  return (
    <DatesProvider settings={settings}>
      <DateTimePicker
        ariaLabels={ariaLabels}
        classNames={{ day: classes.day }}
        {...props}
        value={value ? `${value.replace('T', ' ')}${value.length === 16 ? ':00' : ''}` : null}
        onChange={(next) => onChange(toLocalDateTime(next))}
        valueFormat="DD/MM/YYYY HH:mm"
        placeholder={placeholder ?? t('dateField.dateTimePlaceholder')}
        timePickerProps={{ format: '24h', hoursInputLabel: t('dateField.hours'), minutesInputLabel: t('dateField.minutes') }}
        submitButtonProps={{ 'aria-label': t('dateField.confirm') }}
      />
    </DatesProvider>
  );
}
