import { Anchor, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CIVILITIES } from '@ouvrage/domain';
import { PhoneInput } from '../../../components/ui/phone-input';
import { Choice, type StepProps } from './journey-steps';

export default function ContactStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  const text = (key: 'lastname' | 'firstname' | 'email' | 'phone' | 'country' | 'companyName' | 'siret', extra: Record<string, unknown> = {}) => (
    <TextInput
      label={t(`projects.fields.${key}`)}
      name={key}
      required
      value={values[key] ?? ''}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      {...extra}
    />
  );
  return (
    <Stack>
      <Choice
        name="typeClient"
        label={t('projects.fields.typeClient')}
        options={[
          { value: 'particulier', label: t('projects.clientTypes.particulier') },
          { value: 'entreprise', label: t('projects.clientTypes.entreprise') },
        ]}
        value={values.typeClient}
        onChange={(v) => set('typeClient', v)}
        error={errors.typeClient}
      />
      {values.typeClient === 'entreprise' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {text('companyName', { autoComplete: 'organization' })}
          {text('siret', { inputMode: 'numeric', description: t('projects.journey.siretHelp') })}
        </SimpleGrid>
      )}
      <Radio.Group
        name="civility"
        label={t('projects.fields.civility')}
        value={values.civility ?? null}
        onChange={(v) => set('civility', v)}
        error={errors.civility}
        withAsterisk
      >
        <Group mt="xs">
          {CIVILITIES.map((c) => (
            <Radio key={c} value={c} label={t(`projects.civilities.${c === 'M.' ? 'M' : c}`)} />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {text('lastname', { autoComplete: 'family-name' })}
        {text('firstname', { autoComplete: 'given-name' })}
      </SimpleGrid>
      {text('email', { type: 'email', autoComplete: 'email', readOnly: !!values.userData })}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <PhoneInput
          label={t('projects.fields.phone')}
          name="phone"
          required
          value={values.phone ?? ''}
          onChange={(v) => set('phone', v)}
          error={errors.phone}
        />
        {text('country', { autoComplete: 'country-name' })}
      </SimpleGrid>
      <Text size="sm">
        <Trans
          i18nKey="projects.journey.privacyLinks"
          components={{
            terms: <Anchor component={Link} to="/conditions-generales" target="_blank" />,
            privacy: <Anchor component={Link} to="/confidentialite" target="_blank" />,
          }}
        />
      </Text>
    </Stack>
  );
}
