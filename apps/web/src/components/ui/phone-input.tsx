import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PHONE_CODES, phoneProblem } from '@ouvrage/domain';

type Props = Omit<TextInputProps, 'type' | 'onChange' | 'value'> & { value: string; onChange: (value: string) => void };

/**
 * The one phone field of every form (decision 0403): the same help, the same example and the
 * domain's own rule checked when the field is left, in the user's language. The API applies
 * the same rule and stores the number in E.164.
 */
export function PhoneInput({ value, onChange, error, required, onBlur, ...props }: Props) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  const problem = checked ? phoneProblem(value) : null;
  const own = problem && (problem !== 'empty' || required) ? t(`errors.${PHONE_CODES[problem]}`) : null;
  return (
    <TextInput
      {...props}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder="06 12 34 56 78"
      description={t('common.phoneHelp')}
      required={required}
      value={value}
      onChange={(e) => {
        setChecked(false);
        onChange(e.currentTarget.value);
      }}
      onBlur={(e) => {
        setChecked(true);
        onBlur?.(e);
      }}
      error={error || own}
    />
  );
}
