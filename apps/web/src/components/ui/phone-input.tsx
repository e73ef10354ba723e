import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PHONE_CODES, phoneProblem } from '@ouvrage/domain';

type Props = Omit<TextInputProps, 'type' | 'onChange' | 'value'> & { value: string; onChange: (value: string) => void };

// Whether a mouse button, a pen or a finger is pressed at this moment: the press that takes the focus away.
let pressed = false;
if (typeof window !== 'undefined') {
  const release = () => {
    pressed = false;
  };
  window.addEventListener('pointerdown', () => (pressed = true), true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/**
 * Run `show` once the press in progress, if any, is over — after its click (issue 36 §1, decision
 * 1205). A message shown as the field is left moves what is below it: pressed on « Envoyer », the
 * button would move between the press and the release, and the click would be lost.
 */
function afterThePress(show: () => void): void {
  if (!pressed) {
    show();
    return;
  }
  // The release's click comes in the same turn as the release: the message follows it.
  window.addEventListener('pointerup', () => setTimeout(show, 0), { once: true, capture: true });
}

/**
 * The one phone field of every form (decision 0403): the same help, the same example and the
 * domain's own rule checked when the field is left, in the user's language — once the press that
 * left it is over (decision 1205). The API applies the same rule and stores the number in E.164.
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
      // Left to right in every language: with the theme's `dir="auto"` a number has no letter to
      // take its direction from, and in Arabic « 06 11 22 33 44 » showed as « 44 33 22 11 06 ».
      dir="ltr"
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
        afterThePress(() => setChecked(true));
        onBlur?.(e);
      }}
      error={error || own}
    />
  );
}
