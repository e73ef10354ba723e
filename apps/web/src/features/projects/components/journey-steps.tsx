import { Anchor, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ACCOMPANIMENT_KINDS,
  BUDGET_RANGES,
  CIVILITIES,
  DEADLINES,
  OWNER_STATUSES,
  START_PERIODS,
  SUPPORT_KINDS,
  type JourneyStepKey,
} from '@ouvrage/domain';
import { useBiensOfCategory, useCatalogLabels, usePublicCategories } from '../../catalog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { JourneyKey, JourneyValues } from '../journey/storage';
import { AddressField } from './address-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { DescribedSwitch } from '../../../components/ui/described-switch';

export interface StepProps {
  values: JourneyValues;
  errors: Partial<Record<string, string>>;
  set: <K extends JourneyKey>(key: K, value: JourneyValues[K]) => void;
}

function Choice({
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
      options={SUPPORT_KINDS.map((v) => ({ value: v, label: t(`projects.support.${v}`) }))}
      value={values.support}
      onChange={(v) => set('support', v)}
      error={errors.support}
    />
  );
}

function ProjectStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  const categories = usePublicCategories();
  const biens = useBiensOfCategory(values.projet);
  const catalog = useCatalogLabels();
  return (
    <Stack>
      <ErrorAlert error={categories.error ?? biens.error} />
      <Choice
        name="projet"
        label={t('projects.fields.projet')}
        options={(categories.data ?? []).map((c) => {
          const { name, description } = catalog.text(c);
          return { value: String(c.id), label: name, description, image: c.image_path };
        })}
        value={values.projet ? String(values.projet) : null}
        onChange={(v) => {
          set('projet', Number(v));
          set('bien', null);
        }}
        error={errors.projet}
      />
      {values.projet ? (
        <Choice
          name="bien"
          label={t('projects.fields.bien')}
          options={(biens.data ?? []).map((b) => ({ value: String(b.id), label: catalog.text(b).name, description: catalog.text(b).description || undefined }))}
          value={values.bien ? String(values.bien) : null}
          onChange={(v) => set('bien', Number(v))}
          error={errors.bien}
        />
      ) : null}
    </Stack>
  );
}

function AddressStep({ values, errors, set }: StepProps) {
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
      <TextInput label={t('projects.fields.street')} name="street" required value={values.street ?? ''} onChange={(e) => set('street', e.currentTarget.value)} error={errors.street} autoComplete="street-address" />
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
        <TextInput label={t('projects.fields.ville')} name="ville" readOnly value={values.ville ?? ''} error={errors.ville} description={t('projects.journey.cityFromSearch')} />
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

function CharacteristicsStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('projects.fields.surface')} name="surface" required inputMode="decimal" rightSection="m²" value={values.surface ?? ''} onChange={(e) => set('surface', e.currentTarget.value)} error={errors.surface} />
        <TextInput
          label={t('projects.fields.surfaceTravaux')}
          name="surfaceTravaux"
          required
          inputMode="decimal"
          rightSection="m²"
          value={values.surfaceTravaux ?? ''}
          onChange={(e) => set('surfaceTravaux', e.currentTarget.value)}
          error={errors.surfaceTravaux}
        />
      </SimpleGrid>
      <TextInput
        label={t('projects.fields.valueBien')}
        description={t('projects.journey.optional')}
        name="valueBien"
        inputMode="decimal"
        rightSection="€"
        value={values.valueBien ?? ''}
        onChange={(e) => set('valueBien', e.currentTarget.value)}
        error={errors.valueBien}
      />
      <Select
        label={t('projects.fields.budget')}
        name="budget"
        required
        data={BUDGET_RANGES.map((b) => ({ value: b.key, label: t(`projects.budgets.${b.key}`) }))}
        value={values.budget ?? null}
        onChange={(v) => set('budget', v ?? '')}
        error={errors.budget}
        allowDeselect={false}
      />
    </Stack>
  );
}

function CalendarStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  const select = (key: 'times' | 'delai' | 'proprio', list: readonly string[], prefix: string) => (
    <Select
      label={t(`projects.fields.${key}`)}
      name={key}
      required
      data={list.map((v) => ({ value: v, label: t(`projects.${prefix}.${v}`) }))}
      value={values[key] ?? null}
      onChange={(v) => set(key, v ?? '')}
      error={errors[key]}
      allowDeselect={false}
    />
  );
  return (
    <Stack>
      {select('times', START_PERIODS, 'times')}
      {select('delai', DEADLINES, 'delai')}
      {select('proprio', OWNER_STATUSES, 'proprio')}
    </Stack>
  );
}

function DescriptionStep({ values, errors, set }: StepProps) {
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

function ContactStep({ values, errors, set }: StepProps) {
  const { t } = useTranslation();
  const text = (key: 'lastname' | 'firstname' | 'email' | 'phone' | 'country' | 'companyName' | 'siret', extra: Record<string, unknown> = {}) => (
    <TextInput label={t(`projects.fields.${key}`)} name={key} required value={values[key] ?? ''} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]} {...extra} />
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
      <Radio.Group name="civility" label={t('projects.fields.civility')} value={values.civility ?? null} onChange={(v) => set('civility', v)} error={errors.civility} withAsterisk>
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
        <PhoneInput label={t('projects.fields.phone')} name="phone" required value={values.phone ?? ''} onChange={(v) => set('phone', v)} error={errors.phone} />
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

export const STEP_COMPONENTS: Record<JourneyStepKey, (props: StepProps) => React.JSX.Element> = {
  support: SupportStep,
  projet: ProjectStep,
  adresse: AddressStep,
  caracteristiques: CharacteristicsStep,
  calendrier: CalendarStep,
  description: DescriptionStep,
  coordonnees: ContactStep,
};

