import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATES } from '@ouvrage/domain';

/** The forward path of the state (`Annulé` sits outside it). */
const PATH = PROJECT_STATES.filter((s) => s !== 'Annulé');

/**
 * Where the project stands (issue 15): the bar follows the state — « Étape 4 sur 6 : Attribué » —
 * and the line below names the stage of the works, which the admin moves on its own (a project
 * `Attribué` may still be at « Étude »). A cancelled project has no bar.
 */
export function ProjectProgress({ state, stage }: { state: string; stage: string }) {
  const { t } = useTranslation();
  const index = PATH.indexOf(state as (typeof PATH)[number]);
  if (index < 0) {
    return (
      <Text size="sm" data-testid="project-progress">
        {t('projects.page.cancelledNow')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="project-progress">
      <Text size="sm">{t('projects.page.stateOf', { step: index + 1, total: PATH.length, state: t(`projects.states.${state}`) })}</Text>
      <Progress value={((index + 1) / PATH.length) * 100} aria-label={t('projects.page.stateProgress')} />
      <Text size="sm">{t('projects.page.stageNow', { stage: t(`projects.stages.${stage}`) })}</Text>
    </Stack>
  );
}
