import { useId, type ReactNode } from 'react';
import { Switch, type SwitchProps } from '@mantine/core';

/**
 * A switch whose accessible name is its label alone and whose help text and error are its
 * accessible description (aria-describedby). Mantine puts them all inside the one <label>, so a
 * screen reader would read the help text as part of the name.
 */
export function DescribedSwitch({ label, description, error, ...props }: SwitchProps & { label: ReactNode }) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error && typeof error !== 'boolean' ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Switch
      {...props}
      label={<span id={`${id}-label`}>{label}</span>}
      description={description ? <span id={`${id}-description`}>{description}</span> : undefined}
      error={error && typeof error !== 'boolean' ? <span id={`${id}-error`}>{error}</span> : error}
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy || undefined}
    />
  );
}
