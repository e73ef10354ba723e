import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Card, FileButton, Grid, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tvaNumberFor, sirenOf, isValidSiret } from '@ouvrage/domain';
import { DateField } from '../../../components/ui/date-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate } from '../../../lib/format';
import { fieldErrors } from '../../../lib/use-error-message';
import { openCertificate, useProInfo, useStoreDetails, useUploadCertificate, type ProfessionalInfo } from '../api/profile';
import { EnterprisePage } from './enterprise-page';
import { centsToEuros, eurosToCents, notifySaved, orNull, str } from './form-helpers';

/** `/entreprise/information-legale`: legal identity and insurances (printed on quotes). */
export default function LegalInformationScreen() {
  return (
    <EnterprisePage titleKey="menu.enterpriseLegal" introKey="professionals.legal.intro">
      {(userId) => <LegalForms userId={userId} />}
    </EnterprisePage>
  );
}

function LegalForms({ userId }: { userId: number }) {
  const info = useProInfo(userId);
  if (info.error) return <ErrorAlert error={info.error} />;
  if (!info.data) return <ScreenLoader />;
  return (
    <Stack gap="lg">
      <LegalForm userId={userId} info={info.data} />
      <InsuranceForm userId={userId} kind="decennale" info={info.data} />
      <InsuranceForm userId={userId} kind="rc_pro" info={info.data} />
    </Stack>
  );
}

function LegalForm({ userId, info }: { userId: number; info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const save = useStoreDetails(userId);
  const [legal, setLegal] = useState(() => ({ ...info.legal, capital: centsToEuros(info.legal.capital_cents) as number | string }));
  useEffect(() => setLegal({ ...info.legal, capital: centsToEuros(info.legal.capital_cents) }), [info.legal]);
  const fields = fieldErrors(save.error);
  const f = (key: string) => fields[`legal.${key}`];
  const set = (key: string, value: string | number) => setLegal((l) => ({ ...l, [key]: value }));
  const expectedTva = isValidSiret(str(legal.siret)) ? tvaNumberFor(sirenOf(str(legal.siret))) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        legal: {
          siret: str(legal.siret),
          raison_sociale: str(legal.raison_sociale),
          forme_juridique: orNull(str(legal.forme_juridique)),
          capital_cents: eurosToCents(legal.capital),
          rcs_rm: orNull(str(legal.rcs_rm)),
          tva_number: orNull(str(legal.tva_number)),
          naf_code: orNull(str(legal.naf_code)),
          head_office_address: orNull(str(legal.head_office_address)),
          head_office_postcode: orNull(str(legal.head_office_postcode)),
          head_office_city: orNull(str(legal.head_office_city)),
          head_office_citycode: orNull(str(legal.head_office_citycode)),
        },
      },
      { onSuccess: () => notifySaved(t('professionals.saved')) },
    );
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('professionals.legal.companyTitle')}
      </Title>
      <ErrorAlert error={save.error && Object.keys(fields).length === 0 ? save.error : null} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label={t('professionals.legal.raisonSociale')} required value={str(legal.raison_sociale)} onChange={(e) => set('raison_sociale', e.currentTarget.value)} error={f('raison_sociale')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('professionals.legal.formeJuridique')} value={str(legal.forme_juridique)} onChange={(e) => set('forme_juridique', e.currentTarget.value)} error={f('forme_juridique')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('professionals.legal.siret')} required value={str(legal.siret)} onChange={(e) => set('siret', e.currentTarget.value)} error={f('siret')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput clampBehavior="none" label={t('professionals.legal.capital')} min={0} decimalScale={2} thousandSeparator=" " decimalSeparator="," suffix=" €" value={legal.capital} onChange={(v) => set('capital', v)} error={f('capital_cents')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('professionals.legal.rcsRm')} placeholder="RCS Lyon 812 345 676" value={str(legal.rcs_rm)} onChange={(e) => set('rcs_rm', e.currentTarget.value)} error={f('rcs_rm')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.legal.tva')}
            description={expectedTva ? t('professionals.legal.tvaExpected', { tva: expectedTva }) : undefined}
            value={str(legal.tva_number)}
            onChange={(e) => set('tva_number', e.currentTarget.value)}
            error={f('tva_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.legal.naf')} placeholder="43.22A" value={str(legal.naf_code)} onChange={(e) => set('naf_code', e.currentTarget.value)} error={f('naf_code')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.legal.address')} value={str(legal.head_office_address)} onChange={(e) => set('head_office_address', e.currentTarget.value)} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <TextInput label={t('professionals.legal.postcode')} value={str(legal.head_office_postcode)} onChange={(e) => set('head_office_postcode', e.currentTarget.value)} error={f('head_office_postcode')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput label={t('professionals.legal.city')} value={str(legal.head_office_city)} onChange={(e) => set('head_office_city', e.currentTarget.value)} />
        </Grid.Col>
      </Grid>
      {info.registry.state && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('professionals.legal.registryChecked', { name: info.registry.name, date: formatDate(info.registry.checked_at) })}
        </Text>
      )}
      <Button type="submit" mt="md" w="fit-content" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Card>
  );
}

function InsuranceForm({ userId, kind, info }: { userId: number; kind: 'decennale' | 'rc_pro'; info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const save = useStoreDetails(userId);
  const upload = useUploadCertificate(userId);
  const current = info.insurances[kind];
  const initial = { insurer: str(current?.insurer), insurer_address: str(current?.insurer_address), policy_number: str(current?.policy_number), valid_from: str(current?.valid_from), valid_until: str(current?.valid_until), coverage: str(current?.coverage) };
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial), [current]); // eslint-disable-line react-hooks/exhaustive-deps
  const fields = fieldErrors(save.error);
  const f = (key: string) => fields[`${kind}.${key}`];
  const set = (key: keyof typeof form, value: string) => setForm((x) => ({ ...x, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { [kind]: { insurer: orNull(form.insurer), insurer_address: orNull(form.insurer_address), policy_number: orNull(form.policy_number), valid_from: orNull(form.valid_from), valid_until: orNull(form.valid_until), coverage: orNull(form.coverage) } },
      { onSuccess: () => notifySaved(t('professionals.saved')) },
    );
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid={`insurance-${kind}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t(`professionals.insurance.${kind}`)}
        </Title>
        {current?.valid ? (
          <Text c="teal.8" size="sm">
            {t('professionals.insurance.valid')}
          </Text>
        ) : (
          <Text c="orange.8" size="sm">
            {t('professionals.insurance.notValid')}
          </Text>
        )}
      </Group>
      <ErrorAlert error={save.error && Object.keys(fields).length === 0 ? save.error : null} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.insurance.insurer')} value={form.insurer} onChange={(e) => set('insurer', e.currentTarget.value)} error={f('insurer')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.insurance.insurerAddress')}
            description={t('professionals.insurance.insurerAddressHelp')}
            value={form.insurer_address}
            onChange={(e) => set('insurer_address', e.currentTarget.value)}
            error={f('insurer_address')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.insurance.policy')} value={form.policy_number} onChange={(e) => set('policy_number', e.currentTarget.value)} error={f('policy_number')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DateField label={t('professionals.insurance.from')} value={form.valid_from} onChange={(v) => set('valid_from', v)} error={f('valid_from')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DateField label={t('professionals.insurance.until')} value={form.valid_until} onChange={(v) => set('valid_until', v)} error={f('valid_until')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.insurance.coverage')} placeholder={t('professionals.insurance.coveragePlaceholder')} value={form.coverage} onChange={(e) => set('coverage', e.currentTarget.value)} error={f('coverage')} />
        </Grid.Col>
      </Grid>
      <Group mt="md" justify="space-between">
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
        <Group gap="sm">
          {current?.has_certificate && (
            <Anchor component="button" type="button" size="sm" onClick={() => void openCertificate(userId, kind)}>
              {t('professionals.insurance.viewCertificate', { name: current.certificate_name })}
            </Anchor>
          )}
          <FileButton accept="application/pdf,image/jpeg,image/png" onChange={(file) => file && upload.mutate({ kind, file }, { onSuccess: () => notifySaved(t('professionals.insurance.uploaded')) })}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending} data-testid={`upload-${kind}`}>
                {current?.has_certificate ? t('professionals.insurance.replaceCertificate') : t('professionals.insurance.uploadCertificate')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('professionals.insurance.certificateHelp')}
      </Text>
      <ErrorAlert error={upload.error} />
    </Card>
  );
}
