import type { ReactNode } from 'react';
import { Card, Title } from '@mantine/core';

/** A titled card that groups one part of a detail screen (project, quote). */
export function SectionCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
