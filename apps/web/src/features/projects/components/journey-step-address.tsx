import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DescribedSwitch } from '../../../components/ui/described-switch';
import { AddressField } from './address-field';
import type { StepProps } from './journey-steps';

export default function AddressStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <AddressField
        error={errors.cityCode}
        onPick={(s) => {
          if (s.street) set('street', s.street);
          set('codePostale', s.postcode);
          set('ville', s.city);
          set('cityCode', s.city_code);
          set('latitude', s.latitude);
          set('longitude', s.longitude);
          set('adresse', s.label);
        }}
      />
      <TextInput
        label={t('projects.fields.street')}
        name="street"
        required
        value={values.street ?? ''}
        onChange={(e) => set('street', e.currentTarget.value)}
        error={errors.street}
        autoComplete="street-address"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('projects.fields.codePostale')}
          name="codePostale"
          required
          inputMode="numeric"
          maxLength={5}
          value={values.codePostale ?? ''}
          onChange={(e) => set('codePostale', e.currentTarget.value.replace(/\D/g, ''))}
          error={errors.codePostale}
          autoComplete="postal-code"
        />
        <TextInput
          label={t('projects.fields.ville')}
          name="ville"
          readOnly
          value={values.ville ?? ''}
          error={errors.ville}
          description={t('projects.journey.cityFromSearch')}
        />
      </SimpleGrid>
      <DescribedSwitch
        label={t('projects.fields.showAdresse')}
        description={t('projects.journey.showAdresseHelp')}
        checked={values.showAdresse === true}
        onChange={(e) => set('showAdresse', e.currentTarget.checked)}
        error={errors.showAdresse}
      />
    </Stack>
  );
}
