import { Text } from '@mantine/core';

/**
 * A label over its value, as the request and tender screens list a project's fields. The value is
 * in its own direction (`<bdi>`): in Arabic, « 18 rue Oberkampf » and « 06 12 34 56 78 » keep
 * their order, and an Arabic value stays right to left (`ltr()` would turn it around).
 */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <bdi>{value || '—'}</bdi>
      </Text>
    </div>
  );
}
