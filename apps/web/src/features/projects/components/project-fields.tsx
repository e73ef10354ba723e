import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '@ouvrage/contracts';
import { formatEuros, formatNumber, formatPhone } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';
import { LabelledValue } from '../../../components/ui/labelled-value';

const STATE_COLORS: Record<string, string> = {
  'En attente': 'yellow',
  Validé: 'blue',
  'En consultation': 'indigo',
  Attribué: 'violet',
  'En cours': 'cyan',
  Terminé: 'green',
  Annulé: 'gray',
};

export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state] ?? 'gray'} variant="light" data-testid="project-state" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t(`projects.states.${state}`)}
    </Badge>
  );
}

export function StageBadge({ stage }: { stage: string }) {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="outline" data-testid="project-stage" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t(`projects.stages.${stage}`)}
    </Badge>
  );
}

const m2 = (n: number) => `${formatNumber(n)} m²`;

/** Every field of the request (spec §3), formatted the French way. */
export function ProjectFields({ project: p }: { project: ProjectDto }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const f = (key: string) => t(`projects.fields.${key}`);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <LabelledValue label={f('support')} value={t(`projects.support.${p.support}`)} />
        <LabelledValue label={f('projet')} value={catalog.category(p.category_name)} />
        <LabelledValue label={f('bien')} value={catalog.bien(p.bien_name)} />
        <LabelledValue label={f('street')} value={p.street} />
        <LabelledValue label={f('ville')} value={`${p.codePostale} ${p.ville}`} />
        <LabelledValue label={f('showAdresse')} value={p.showAdresse ? t('common.yes') : t('common.no')} />
        <LabelledValue label={f('surface')} value={m2(p.surface)} />
        <LabelledValue label={f('surfaceTravaux')} value={m2(p.surfaceTravaux)} />
        <LabelledValue label={f('valueBien')} value={p.valueBien ? formatEuros(p.valueBien) : ''} />
        <LabelledValue label={f('budget')} value={t(`projects.budgets.${p.budget}`)} />
        <LabelledValue label={f('times')} value={t(`projects.times.${p.times}`)} />
        <LabelledValue label={f('delai')} value={t(`projects.delai.${p.delai}`)} />
        <LabelledValue label={f('proprio')} value={t(`projects.proprio.${p.proprio}`)} />
        <LabelledValue
          label={f('accompagnement')}
          value={
            p.accompagnement ? `${t('common.yes')} — ${p.besoinAccompagnement ? t(`projects.accompaniment.${p.besoinAccompagnement}`) : ''}` : t('common.no')
          }
        />
        <LabelledValue label={f('typeClient')} value={t(`projects.clientTypes.${p.typeClient}`)} />
        {p.typeClient === 'entreprise' && <LabelledValue label={f('companyName')} value={`${p.companyName ?? ''} (SIRET ${p.siret ?? ''})`} />}
        <LabelledValue
          label={t('projects.fields.contact')}
          value={`${t(`projects.civilities.${p.civility === 'M.' ? 'M' : p.civility}`)} ${p.firstname} ${p.lastname}`}
        />
        <LabelledValue label={f('email')} value={p.email} />
        <LabelledValue label={f('phone')} value={formatPhone(p.phone)} />
        <LabelledValue label={f('country')} value={p.country} />
      </SimpleGrid>
      <LabelledValue label={f('description')} value={p.description} />
    </Stack>
  );
}
