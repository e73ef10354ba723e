import { ActionIcon, Group } from '@mantine/core';

/**
 * « Monter » / « Descendre »: the keyboard way to reorder (drag and drop is the mouse's). Each
 * button has an id so that focus can follow the moved item to its new place.
 */
export function MoveButtons({
  index,
  count,
  upLabel,
  downLabel,
  onMove,
  idPrefix,
}: {
  index: number;
  count: number;
  upLabel: string;
  downLabel: string;
  onMove: (delta: -1 | 1) => void;
  idPrefix: string;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon id={`${idPrefix}-up`} variant="subtle" aria-label={upLabel} disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </ActionIcon>
      <ActionIcon id={`${idPrefix}-down`} variant="subtle" aria-label={downLabel} disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </ActionIcon>
    </Group>
  );
}
