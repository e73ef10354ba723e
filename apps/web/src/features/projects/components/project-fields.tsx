import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '@ouvrage/contracts';
import { formatEuros, formatNumber, formatPhone } from '../../../lib/format';
import { useCatalogLabels } from '../../catalog';

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

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* The value in its own direction: « 18 rue Oberkampf » and « 06 12 34 56 78 » keep their order in Arabic. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <bdi>{value || '—'}</bdi>
      </Text>
    </div>
  );
}

/** Every field of the request (spec §3), formatted the French way. */
export function ProjectFields({ project: p }: { project: ProjectDto }) {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const f = (key: string) => t(`projects.fields.${key}`);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <Field label={f('support')} value={t(`projects.support.${p.support}`)} />
        <Field label={f('projet')} value={catalog.category(p.category_name)} />
        <Field label={f('bien')} value={catalog.bien(p.bien_name)} />
        <Field label={f('street')} value={p.street} />
        <Field label={f('ville')} value={`${p.codePostale} ${p.ville}`} />
        <Field label={f('showAdresse')} value={p.showAdresse ? t('common.yes') : t('common.no')} />
        <Field label={f('surface')} value={m2(p.surface)} />
        <Field label={f('surfaceTravaux')} value={m2(p.surfaceTravaux)} />
        <Field label={f('valueBien')} value={p.valueBien ? formatEuros(p.valueBien) : ''} />
        <Field label={f('budget')} value={t(`projects.budgets.${p.budget}`)} />
        <Field label={f('times')} value={t(`projects.times.${p.times}`)} />
        <Field label={f('delai')} value={t(`projects.delai.${p.delai}`)} />
        <Field label={f('proprio')} value={t(`projects.proprio.${p.proprio}`)} />
        <Field
          label={f('accompagnement')}
          value={p.accompagnement ? `${t('common.yes')} — ${p.besoinAccompagnement ? t(`projects.accompaniment.${p.besoinAccompagnement}`) : ''}` : t('common.no')}
        />
        <Field label={f('typeClient')} value={t(`projects.clientTypes.${p.typeClient}`)} />
        {p.typeClient === 'entreprise' && <Field label={f('companyName')} value={`${p.companyName ?? ''} (SIRET ${p.siret ?? ''})`} />}
        <Field label={t('projects.fields.contact')} value={`${t(`projects.civilities.${p.civility === 'M.' ? 'M' : p.civility}`)} ${p.firstname} ${p.lastname}`} />
        <Field label={f('email')} value={p.email} />
        <Field label={f('phone')} value={formatPhone(p.phone)} />
        <Field label={f('country')} value={p.country} />
      </SimpleGrid>
      <Field label={f('description')} value={p.description} />
    </Stack>
  );
}
