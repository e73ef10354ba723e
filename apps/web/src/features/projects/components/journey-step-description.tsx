import { Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCOMPANIMENT_KINDS } from '@ouvrage/domain';
import { Choice, type StepProps } from './journey-steps';

export default function DescriptionStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Textarea
        label={t('projects.fields.description')}
        description={t('projects.journey.descriptionHelp')}
        name="description"
        required
        autosize
        minRows={4}
        maxLength={5000}
        value={values.description ?? ''}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      <Choice
        name="accompagnement"
        label={t('projects.fields.accompagnement')}
        options={[
          { value: 'oui', label: t('common.yes') },
          { value: 'non', label: t('common.no') },
        ]}
        value={values.accompagnement === true ? 'oui' : values.accompagnement === false ? 'non' : null}
        onChange={(v) => set('accompagnement', v === 'oui')}
        error={errors.accompagnement}
      />
      {values.accompagnement === true && (
        <Choice
          name="besoinAccompagnement"
          label={t('projects.fields.besoinAccompagnement')}
          options={ACCOMPANIMENT_KINDS.map((v) => ({ value: v, label: t(`projects.accompaniment.${v}`) }))}
          value={values.besoinAccompagnement}
          onChange={(v) => set('besoinAccompagnement', v)}
          error={errors.besoinAccompagnement}
        />
      )}
    </Stack>
  );
}
