import type { ComponentType } from 'react';
import { Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JourneyStepKey } from '@ouvrage/domain';
import type { JourneyKey, JourneyValues } from '../journey/storage';
import { JOURNEY_SUPPORT_KINDS } from '../journey/steps';
import { lazyWithQueryClient, loadQueryClient } from '../../../app/query-client-gate';

export interface StepProps {
  values: JourneyValues;
  errors: Partial<Record<string, string>>;
  set: <K extends JourneyKey>(key: K, value: JourneyValues[K]) => void;
}

/** A required choice among a few options, as radio buttons (an option may show a picture). */
export function Choice({
  name,
  label,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  options: Array<{ value: string; label: string; description?: string; image?: string | null }>;
  value?: string | null;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Radio.Group name={name} label={label} value={value ?? null} onChange={onChange} error={error} withAsterisk>
      <Stack gap="xs" mt="xs">
        {options.map((o) => (
          <Radio
            key={o.value}
            value={o.value}
            label={
              o.image ? (
                <Group gap="xs" wrap="nowrap" component="span">
                  <img src={o.image} alt="" width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />
                  <span>{o.label}</span>
                </Group>
              ) : (
                o.label
              )
            }
            description={o.description}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function SupportStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <Choice
      name="support"
      label={t('projects.fields.support')}
      options={JOURNEY_SUPPORT_KINDS.map((v) => ({ value: v, label: t(`projects.support.${v}`) }))}
      value={values.support}
      onChange={(v) => set('support', v)}
      error={errors.support}
    />
  );
}

// The journey's first step comes with the screen; each later one is its own chunk, loaded when the
// visitor gets there, or before, once the first screen is shown (`preloadJourneySteps`): the select
// lists, the address search and the phone field are not part of the first page (issue 13). The
// later steps come with the query client (the project step reads the catalogue, the address step
// searches addresses); the first step does not wait for it (decision 0949).
const later = {
  projet: () => import('./journey-step-project'),
  adresse: () => import('./journey-step-address'),
  caracteristiques: () => import('./journey-step-characteristics'),
  calendrier: () => import('./journey-step-calendar'),
  description: () => import('./journey-step-description'),
  coordonnees: () => import('./journey-step-contact'),
} satisfies Record<Exclude<JourneyStepKey, 'support'>, () => Promise<{ default: ComponentType<StepProps> }>>;

/** Fetch the later steps' code ahead of time, so that « Next » shows the step at once. */
export function preloadJourneySteps(): void {
  for (const load of Object.values(later)) void load();
  void loadQueryClient();
}

export const STEP_COMPONENTS: Record<JourneyStepKey, ComponentType<StepProps>> = {
  support: SupportStep,
  projet: lazyWithQueryClient(later.projet),
  adresse: lazyWithQueryClient(later.adresse),
  caracteristiques: lazyWithQueryClient(later.caracteristiques),
  calendrier: lazyWithQueryClient(later.calendrier),
  description: lazyWithQueryClient(later.description),
  coordonnees: lazyWithQueryClient(later.coordonnees),
};
