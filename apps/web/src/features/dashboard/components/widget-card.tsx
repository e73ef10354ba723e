import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

/**
 * A dashboard widget: a titled card, an optional figure under the title, an action, its content.
 * Titles are level 2 under the greeting, level 3 inside a titled group (the agency's figures).
 */
export function WidgetCard({
  title,
  figure,
  action,
  testId,
  order = 2,
  children,
}: {
  title: string;
  figure?: ReactNode;
  action?: ReactNode;
  testId: string;
  order?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId} h="100%">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={order} size="h5">
            {title}
          </Title>
          {action}
        </Group>
        {figure !== undefined && (
          <Text fw={700} size="xl" data-testid={`${testId}-figure`}>
            {figure}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

/** The plain-French empty state of a widget. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
