import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Parsed } from '@ouvrage/domain';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** The integer the field holds (thousandths, basis points…), null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** The domain's reader for this kind of number (`parseQuantity`, `parsePercent`). */
  parse: (text: string) => Parsed<number>;
  format: (value: number) => string;
  /**
   * A sign is accepted in front of the number (« -0,5 »): the text after it is read by `parse` and
   * its value negated, for a quantity the domain reads unsigned but the contract allows below zero
   * (the ECB's rate). Without it, `parse` alone decides, as before.
   */
  allowNegative?: boolean;
}

/** Why typed text is refused, as a translation key: the domain's refusal codes end with the reason. */
function reasonOf(code: string): 'format' | 'decimals' | 'range' {
  if (code.endsWith('_DECIMALS')) return 'decimals';
  if (code.endsWith('_OUT_OF_RANGE') || code.endsWith('_TOO_LARGE')) return 'range';
  return 'format';
}

/** The text read by `parse`, a leading minus sign taken off first when the field allows it. */
function readSigned(text: string, parse: (text: string) => Parsed<number>, allowNegative: boolean): Parsed<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  const signed = allowNegative ? /^[\s\u00a0\u202f]*[-\u2212]([\s\S]*)$/.exec(text) : null;
  // One sign only: « --1 » is left to `parse`, which refuses it.
  if (!signed || /^[\s\u00a0\u202f]*[-+\u2212]/.test(signed[1])) return parse(text);
  const parsed = parse(signed[1]);
  return parsed.ok ? { ok: true, value: parsed.value === 0 ? 0 : -parsed.value } : parsed;
}

/**
 * A French decimal (« 1,5 », « 12,125 », « 5,5 ») held as an integer by the domain's parsers, like
 * `MoneyInput` for amounts: the text stays as typed while invalid, and is rewritten on blur.
 */
export function DecimalInput({ value, onChange, parse, format, allowNegative = false, error, onBlur, ...props }: DecimalInputProps) {
  const { t } = useTranslation();
  const read = (text: string): Parsed<number | null> => readSigned(text, parse, allowNegative);
  const [text, setText] = useState(() => (value === null ? '' : format(value)));
  const [problem, setProblem] = useState<string | null>(null);

  // A value changed from outside replaces valid text that says otherwise (as MoneyInput does).
  const typed = read(text);
  if (typed.ok && typed.value !== value) {
    setText(value === null ? '' : format(value));
    setProblem(null);
  }

  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={problem ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = read(next);
        if (parsed.ok) {
          setProblem(null);
          if (parsed.value !== value) onChange(parsed.value);
        } else setProblem(t(`decimalInput.${reasonOf(parsed.refusal.code)}`));
      }}
      onBlur={(event) => {
        const parsed = read(text);
        if (parsed.ok) setText(parsed.value === null ? '' : format(parsed.value));
        onBlur?.(event);
      }}
    />
  );
}
