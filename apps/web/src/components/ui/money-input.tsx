import { useState, type FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type EurosParse = { ok: true; cents: number | null } | { ok: false; reason: 'format' | 'decimals' | 'negative' };

/** Up to 12 digits of euros keeps every amount an exact integer of cents. */
const AMOUNT = /^(-)?(\d{1,12})(?:[.,](\d*))?$/;

/**
 * Euros typed the French way → integer cents, without floating point: `'1 234,56'` → 123456.
 * Spaces (also no-break ones) group thousands, a comma (or a dot) starts the cents, a trailing `€`
 * is allowed; more than two decimals is refused rather than rounded. Empty → `null`.
 */
export function parseEurosToCents(text: string, options: { allowNegative?: boolean } = {}): EurosParse {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/€$/, '');
  if (compact === '') return { ok: true, cents: null };
  const match = AMOUNT.exec(compact);
  if (!match) return { ok: false, reason: 'format' };
  const [, minus, euros, decimals = ''] = match;
  if (decimals.length > 2) return { ok: false, reason: 'decimals' };
  if (minus && !options.allowNegative) return { ok: false, reason: 'negative' };
  const cents = Number(euros) * 100 + Number(decimals.padEnd(2, '0'));
  return { ok: true, cents: minus && cents !== 0 ? -cents : cents };
}

/** Integer cents → the text of the input: `123456` → `'1 234,56'` (no currency sign, the input shows it). */
export function formatCentsInput(cents: number | null): string {
  if (cents === null) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')}`;
}

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** Integer cents, or null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
  allowNegative?: boolean;
}

/**
 * An amount in euros, typed with a decimal comma, held as integer cents. The text stays as typed
 * while it is being edited, and is written back in the French form when the field loses focus.
 */
export function MoneyInput({ value, onChange, allowNegative, error, onBlur, ...props }: MoneyInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatCentsInput(value));
  const [problem, setProblem] = useState<string | null>(null);

  // A value set from outside (a reset, a loaded record) replaces valid text that says otherwise;
  // text being corrected (invalid) is left alone. Adjusting state while rendering, as React advises.
  const typed = parseEurosToCents(text, { allowNegative });
  if (typed.ok && typed.cents !== value) {
    setText(formatCentsInput(value));
    setProblem(null);
  }

  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      rightSection="€"
      rightSectionPointerEvents="none"
      error={problem ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = parseEurosToCents(next, { allowNegative });
        if (parsed.ok) {
          setProblem(null);
          if (parsed.cents !== value) onChange(parsed.cents);
        } else {
          setProblem(t(`money.${parsed.reason}`));
        }
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const parsed = parseEurosToCents(text, { allowNegative });
        if (parsed.ok) setText(formatCentsInput(parsed.cents));
        onBlur?.(event);
      }}
    />
  );
}
