import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

/** A dashboard widget: a titled card, an optional figure beside the title, an action, its content. */
export function WidgetCard({ title, figure, action, testId, children }: { title: string; figure?: ReactNode; action?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={testId} h="100%">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
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
