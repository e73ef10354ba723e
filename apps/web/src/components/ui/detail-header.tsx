import { Anchor, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface DetailHeaderProps {
  /** « ← Devis »: the list or the page this one was reached from. */
  back?: { to: string; label: string };
  title: ReactNode;
  'data-testid'?: string;
  /** The status badge, beside the title. */
  badge?: ReactNode;
  /** Lines under the title: what the thing is, its dates. */
  children?: ReactNode;
  /** « Voir », « PDF » and the screen's other buttons, at the end of the line (under the title on a phone). */
  actions?: ReactNode;
}

/**
 * The head of a detail screen (quote, invoice, project, reception…): back link, title with its
 * status badge, the lines that say what it is, and the view/download actions. It renders into the
 * screen's own Stack, so the spacing stays the screen's.
 */
export function DetailHeader({ back, title, badge, children, actions, 'data-testid': testId }: DetailHeaderProps) {
  return (
    <>
      {back && (
        <Anchor component={Link} to={back.to} size="sm">
          {back.label}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} size="h2" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {badge}
          </Group>
          {children}
        </div>
        {actions && (
          <Group gap="xs" align="flex-start">
            {actions}
          </Group>
        )}
      </Group>
    </>
  );
}
