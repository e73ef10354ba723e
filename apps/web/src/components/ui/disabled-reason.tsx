import { useId, type ReactNode } from 'react';
import { Text } from '@mantine/core';

/**
 * A disabled control says why (issue 36 §6): the reason is written next to it, and tied to it by
 * `aria-describedby` so a screen reader reads it on the control. `reason` null: the control works.
 *
 *   const why = useDisabledReason(signers.length >= MAX ? t('…max') : null);
 *   <Button {...why.control}>…</Button>
 *   {why.note}
 */
export function useDisabledReason(reason: string | null | undefined): {
  control: { disabled: boolean; 'aria-describedby': string | undefined };
  note: ReactNode;
} {
  const id = useId();
  return {
    control: { disabled: !!reason, 'aria-describedby': reason ? id : undefined },
    note: reason ? (
      <Text size="sm" c="dimmed" id={id} data-testid="disabled-reason">
        {reason}
      </Text>
    ) : null,
  };
}
