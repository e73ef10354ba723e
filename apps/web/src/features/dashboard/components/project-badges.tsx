import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<string, string> = {
  'En attente': 'yellow',
  Validé: 'blue',
  'En consultation': 'indigo',
  Attribué: 'teal',
  'En cours': 'cyan',
  Terminé: 'green',
  Annulé: 'gray',
};

/** A project's state and stage, as the project screens name them. */
export function ProjectBadges({ state, stage }: { state: string; stage: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Badge color={STATE_COLORS[state] ?? 'gray'} variant="light" data-testid="project-state" style={{ minWidth: 'max-content' }}>
        {t(`projects.states.${state}`)}
      </Badge>
      <Badge color="gray" variant="outline" data-testid="project-stage" style={{ minWidth: 'max-content' }}>
        {t(`projects.stages.${stage}`)}
      </Badge>
    </Group>
  );
}
