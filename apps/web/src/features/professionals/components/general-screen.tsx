import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, FileButton, Grid, Group, Image, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { fieldErrors } from '../../../lib/use-error-message';
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

function GeneralForm({ userId, info }: { userId: number; info: ProfessionalInfo }) {
  const { t } = useTranslation();
  const save = useStoreDetails(userId);
  const initial = () => ({
    trade_name: str(info.general.trade_name),
    description: str(info.general.description),
    website: str(info.general.website),
    contact_email: str(info.general.contact_email),
    contact_phone: str(info.general.contact_phone),
    year_founded: info.general.year_founded ?? ('' as number | string),
    headcount: info.general.headcount ?? ('' as number | string),
  });
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial()), [info.general]); // eslint-disable-line react-hooks/exhaustive-deps
  const fields = fieldErrors(save.error);
  const f = (key: string) => fields[`general.${key}`];
  const set = (key: keyof ReturnType<typeof initial>, value: string | number) => setForm((x) => ({ ...x, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        general: {
          trade_name: orNull(form.trade_name),
          description: orNull(form.description),
          website: orNull(form.website),
          contact_email: orNull(form.contact_email),
          contact_phone: orNull(form.contact_phone),
          year_founded: form.year_founded === '' ? null : Number(form.year_founded),
          headcount: form.headcount === '' ? null : Number(form.headcount),
        },
      },
      { onSuccess: () => notifySaved(t('professionals.saved')) },
    );
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <ErrorAlert error={save.error && Object.keys(fields).length === 0 ? save.error : null} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.general.tradeName')}
            value={form.trade_name}
            onChange={(e) => set('trade_name', e.currentTarget.value)}
            error={f('trade_name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.general.website')}
            placeholder="https://"
            value={form.website}
            onChange={(e) => set('website', e.currentTarget.value)}
            error={f('website')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label={t('professionals.general.description')}
            autosize
            minRows={4}
            maxLength={3000}
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={f('description')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('professionals.general.contactEmail')}
            type="email"
            value={form.contact_email}
            onChange={(e) => set('contact_email', e.currentTarget.value)}
            error={f('contact_email')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneInput
            label={t('professionals.general.contactPhone')}
            value={form.contact_phone}
            onChange={(v) => set('contact_phone', v)}
            error={f('contact_phone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            clampBehavior="none"
            label={t('professionals.general.yearFounded')}
            min={1800}
            max={new Date().getFullYear()}
            thousandSeparator=""
            value={form.year_founded}
            onChange={(v) => set('year_founded', v)}
            error={f('year_founded')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            clampBehavior="none"
            label={t('professionals.general.headcount')}
            min={0}
            value={form.headcount}
            onChange={(v) => set('headcount', v)}
            error={f('headcount')}
          />
        </Grid.Col>
      </Grid>
      <Button type="submit" mt="md" w="fit-content" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Card>
  );
}
