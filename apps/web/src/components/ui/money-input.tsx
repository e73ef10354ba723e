import { useState, type FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEuros, parseEuros } from '@ouvrage/domain';

export type EurosParse = { ok: true; cents: number | null } | { ok: false; reason: 'format' | 'decimals' | 'negative' };

/**
 * Euros typed the French way → integer cents through the domain's one money rule (`parseEuros`):
 * `'1 234,56'` → 123456; more than two decimals is refused rather than rounded. Empty → `null`.
 */
export function parseEurosToCents(text: string, options: { allowNegative?: boolean } = {}): EurosParse {
  if (text.replace(/[\s\u00a0\u202f€]/g, '') === '') return { ok: true, cents: null };
  const parsed = parseEuros(text, options);
  if (parsed.ok) return { ok: true, cents: parsed.value };
  const reason = parsed.refusal.code === 'MONEY_DECIMALS' ? 'decimals' : parsed.refusal.code === 'MONEY_NEGATIVE' ? 'negative' : 'format';
  return { ok: false, reason };
}

/** Integer cents → the text of the input: `123456` → `'1 234,56'` (no currency sign, the input shows it). */
export function formatCentsInput(cents: number | null): string {
  return cents === null ? '' : formatEuros(cents).replace(/ €$/, '');
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
