import { Anchor, Button, Card, FileButton, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storeDetailsBody } from '@ouvrage/contracts';
import { tvaNumberFor, sirenOf, isValidSiret } from '@ouvrage/domain';
import { DateField } from '../../../components/ui/date-field';
import { MoneyInput } from '../../../components/ui/money-input';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate } from '../../../lib/format';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { openCertificate, useProInfo, useStoreDetails, useUploadCertificate, type ProfessionalInfo } from '../api/profile';
import { EnterprisePage } from './enterprise-page';
import { notifySaved, orNull, str } from './form-helpers';

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

const DETAILS_SCHEMA = formSchema(storeDetailsBody);

function LegalForm({ userId, info }: { userId: number; info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const save = useStoreDetails(userId);
  const l = info.legal;
  // The contract's section (`legal.…` paths, as the API names its fields); blank texts are sent as null.
  const form = useContractForm({
    initialValues: {
      legal: {
        siret: str(l.siret),
        raison_sociale: str(l.raison_sociale),
        forme_juridique: str(l.forme_juridique),
        capital_cents: l.capital_cents,
        rcs_rm: str(l.rcs_rm),
        tva_number: str(l.tva_number),
        naf_code: str(l.naf_code),
        head_office_address: str(l.head_office_address),
        head_office_postcode: str(l.head_office_postcode),
        head_office_city: str(l.head_office_city),
        head_office_citycode: str(l.head_office_citycode),
      },
    },
    source: l,
    schema: DETAILS_SCHEMA,
    serverError: save.error,
  });
  const legal = form.getValues().legal;
  const expectedTva = isValidSiret(legal.siret) ? tvaNumberFor(sirenOf(legal.siret)) : null;

  const submit = form.onSubmit(({ legal: v }) =>
    save.mutate(
      {
        legal: {
          siret: v.siret,
          raison_sociale: v.raison_sociale,
          forme_juridique: orNull(v.forme_juridique),
          capital_cents: v.capital_cents,
          rcs_rm: orNull(v.rcs_rm),
          tva_number: orNull(v.tva_number),
          naf_code: orNull(v.naf_code),
          head_office_address: orNull(v.head_office_address),
          head_office_postcode: orNull(v.head_office_postcode),
          head_office_city: orNull(v.head_office_city),
          head_office_citycode: orNull(v.head_office_citycode),
        },
      },
      { onSuccess: () => notifySaved(t('professionals.saved')) },
    ),
  );

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('professionals.legal.companyTitle')}
      </Title>
      <ErrorAlert error={form.alertError} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label={t('professionals.legal.raisonSociale')} required {...form.getInputProps('legal.raison_sociale')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('professionals.legal.formeJuridique')} {...form.getInputProps('legal.forme_juridique')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('professionals.legal.siret')} required {...form.getInputProps('legal.siret')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          {/* Negative amounts are let through for the contract to refuse them with its rule (issue 15). */}
          <MoneyInput label={t('professionals.legal.capital')} allowNegative {...form.getInputProps('legal.capital_cents')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('professionals.legal.rcsRm')} placeholder="RCS Lyon 812 345 676" {...form.getInputProps('legal.rcs_rm')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.legal.tva')}
            description={expectedTva ? t('professionals.legal.tvaExpected', { tva: expectedTva }) : undefined}
            {...form.getInputProps('legal.tva_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.legal.naf')} placeholder="43.22A" {...form.getInputProps('legal.naf_code')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.legal.address')} {...form.getInputProps('legal.head_office_address')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <TextInput label={t('professionals.legal.postcode')} {...form.getInputProps('legal.head_office_postcode')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput label={t('professionals.legal.city')} {...form.getInputProps('legal.head_office_city')} />
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
  // The contract's section of this insurance (`decennale.…` or `rc_pro.…`); blank texts are sent as null.
  const insurance = {
    insurer: str(current?.insurer),
    insurer_address: str(current?.insurer_address),
    policy_number: str(current?.policy_number),
    valid_from: str(current?.valid_from),
    valid_until: str(current?.valid_until),
    coverage: str(current?.coverage),
  };
  const form = useContractForm<Record<typeof kind, typeof insurance>>({
    initialValues: { [kind]: insurance } as Record<typeof kind, typeof insurance>,
    source: current,
    schema: DETAILS_SCHEMA,
    serverError: save.error,
  });
  const field = (name: keyof typeof insurance) => form.getInputProps(`${kind}.${name}`);

  const submit = form.onSubmit((values) => {
    const v = values[kind];
    save.mutate(
      {
        [kind]: {
          insurer: orNull(v.insurer),
          insurer_address: orNull(v.insurer_address),
          policy_number: orNull(v.policy_number),
          valid_from: orNull(v.valid_from),
          valid_until: orNull(v.valid_until),
          coverage: orNull(v.coverage),
        },
      },
      { onSuccess: () => notifySaved(t('professionals.saved')) },
    );
  });

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
      <ErrorAlert error={form.alertError} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.insurance.insurer')} {...field('insurer')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.insurance.insurerAddress')}
            description={t('professionals.insurance.insurerAddressHelp')}
            {...field('insurer_address')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.insurance.policy')} {...field('policy_number')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DateField label={t('professionals.insurance.from')} {...field('valid_from')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DateField label={t('professionals.insurance.until')} {...field('valid_until')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.insurance.coverage')} placeholder={t('professionals.insurance.coveragePlaceholder')} {...field('coverage')} />
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
          <FileButton
            accept="application/pdf,image/jpeg,image/png"
            onChange={(file) => file && upload.mutate({ kind, file }, { onSuccess: () => notifySaved(t('professionals.insurance.uploaded')) })}
          >
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
