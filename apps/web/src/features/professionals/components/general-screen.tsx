import { Button, Card, FileButton, Grid, Group, Image, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storeDetailsBody } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useLogoUrl, useProInfo, useStoreDetails, useUploadLogo, type ProfessionalInfo } from '../api/profile';
import { EnterprisePage } from './enterprise-page';
import { notifySaved, orNull, str } from './form-helpers';
import { PhoneInput } from '../../../components/ui/phone-input';

/** `/entreprise/information-generale`: trade name, logo, description, contacts, year, headcount. */
export default function GeneralInformationScreen() {
  return (
    <EnterprisePage titleKey="menu.enterpriseGeneral" introKey="professionals.general.intro">
      {(userId) => <GeneralLoader userId={userId} />}
    </EnterprisePage>
  );
}

function GeneralLoader({ userId }: { userId: number }) {
  const info = useProInfo(userId);
  if (info.error) return <ErrorAlert error={info.error} />;
  if (!info.data) return <ScreenLoader />;
  return (
    <Stack gap="lg">
      <LogoCard userId={userId} hasLogo={info.data.general.has_logo} />
      <GeneralForm userId={userId} info={info.data} />
    </Stack>
  );
}

function LogoCard({ userId, hasLogo }: { userId: number; hasLogo: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(userId);
  const logo = useLogoUrl(userId, hasLogo);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('professionals.general.logo')}
      </Title>
      <Group align="center">
        {logo.data ? (
          <Image src={logo.data} alt={t('professionals.general.logoAlt')} w={120} h={120} fit="contain" bg="gray.1" radius="sm" data-testid="logo-preview" />
        ) : (
          <Text size="sm" c="dimmed" w={120}>
            {t('professionals.general.noLogo')}
          </Text>
        )}
        <Stack gap={4}>
          <FileButton
            accept="image/jpeg,image/png,image/webp"
            onChange={(file) => file && upload.mutate(file, { onSuccess: () => notifySaved(t('professionals.general.logoSaved')) })}
          >
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending} data-testid="upload-logo">
                {hasLogo ? t('professionals.general.replaceLogo') : t('professionals.general.uploadLogo')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('professionals.general.logoHelp')}
          </Text>
        </Stack>
      </Group>
      <ErrorAlert error={upload.error} />
    </Card>
  );
}

const DETAILS_SCHEMA = formSchema(storeDetailsBody);

interface GeneralValues {
  trade_name: string;
  description: string;
  website: string;
  contact_email: string;
  contact_phone: string;
  year_founded: number | string;
  headcount: number | string;
}

/** The contract's section as the API reads it: blank texts and numbers are none. */
const generalOf = (v: GeneralValues) => ({
  trade_name: orNull(v.trade_name),
  description: orNull(v.description),
  website: orNull(v.website),
  contact_email: orNull(v.contact_email),
  contact_phone: orNull(v.contact_phone),
  year_founded: v.year_founded === '' ? null : Number(v.year_founded),
  headcount: v.headcount === '' ? null : Number(v.headcount),
});

function GeneralForm({ userId, info }: { userId: number; info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const save = useStoreDetails(userId);
  const g = info.general;
  // The contract's section (`general.…` paths, as the API names its fields); it starts again from what a save brings back.
  const form = useContractForm<{ general: GeneralValues }>({
    initialValues: {
      general: {
        trade_name: str(g.trade_name),
        description: str(g.description),
        website: str(g.website),
        contact_email: str(g.contact_email),
        contact_phone: str(g.contact_phone),
        year_founded: g.year_founded ?? '',
        headcount: g.headcount ?? '',
      },
    },
    source: g,
    schema: DETAILS_SCHEMA,
    toBody: (v) => ({ general: generalOf(v.general) }),
    serverError: save.error,
  });
  const submit = form.onSubmit((v) => save.mutate({ general: generalOf(v.general) }, { onSuccess: () => notifySaved(t('professionals.saved')) }));

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <ErrorAlert error={form.alertError} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.general.tradeName')} {...form.getInputProps('general.trade_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.general.website')} placeholder="https://" {...form.getInputProps('general.website')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label={t('professionals.general.description')} autosize minRows={4} maxLength={3000} {...form.getInputProps('general.description')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('professionals.general.contactEmail')} type="email" {...form.getInputProps('general.contact_email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneInput label={t('professionals.general.contactPhone')} {...form.getInputProps('general.contact_phone')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            clampBehavior="none"
            label={t('professionals.general.yearFounded')}
            min={1800}
            max={new Date().getFullYear()}
            thousandSeparator=""
            {...form.getInputProps('general.year_founded')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput clampBehavior="none" label={t('professionals.general.headcount')} min={0} {...form.getInputProps('general.headcount')} />
        </Grid.Col>
      </Grid>
      <Button type="submit" mt="md" w="fit-content" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Card>
  );
}
