import { Alert, Button, Card, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createAccountBody } from '@ouvrage/contracts';
import { isProfessional, USER_TYPES } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useCreateAccount, type NewAccount } from '../api/accounts';
import { PhoneInput } from '../../../components/ui/phone-input';

const SCHEMA = formSchema(createAccountBody);

type Values = Omit<NewAccount, 'phone' | 'raison_sociale'> & { phone: string; raison_sociale: string };
const EMPTY: Values = { user_type: 'client', civility: null, firstname: '', lastname: '', email: '', phone: '', raison_sociale: '' };

/** What is sent: no phone is null, a company name only for a professional. */
const toBody = (v: Values): NewAccount => ({ ...v, phone: v.phone || null, raison_sociale: isProfessional(v.user_type) ? v.raison_sociale || null : null });

/** `/gestion-user/new`: create a user of any role; they receive a link to choose their password. */
export default function NewUserScreen() {
  const { t } = useTranslation();
  const create = useCreateAccount();
  const form = useContractForm({ initialValues: EMPTY, schema: SCHEMA, toBody, serverError: create.error });
  const submit = form.onSubmit((values) => create.mutate(toBody(values), { onSuccess: () => form.reset() }));
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('menu.userNew')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('users.new.intro')}
      </Text>
      {create.isSuccess && (
        <Alert color="teal" role="status" data-testid="user-created">
          {t('users.new.created', { email: create.variables.email })}
        </Alert>
      )}
      <Card withBorder component="form" onSubmit={submit} noValidate>
        <ErrorAlert error={form.alertError} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('users.filters.role')}
              required
              allowDeselect={false}
              data={USER_TYPES.map((v) => ({ value: v, label: t(`users.roles.${v}`) }))}
              {...form.getInputProps('user_type')}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label={t('users.civility')} clearable data={['M.', 'Mme']} {...form.getInputProps('civility')} comboboxProps={{ withinPortal: true }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('users.firstname')} required {...form.getInputProps('firstname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('users.lastname')} required {...form.getInputProps('lastname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('users.email')} type="email" required {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhoneInput label={t('users.phone')} {...form.getInputProps('phone')} />
          </Grid.Col>
          {isProfessional(form.getValues().user_type) && (
            <Grid.Col span={12}>
              <TextInput label={t('professionals.legal.raisonSociale')} {...form.getInputProps('raison_sociale')} />
            </Grid.Col>
          )}
        </Grid>
        <Button type="submit" mt="md" w="fit-content" loading={create.isPending}>
          {t('users.new.submit')}
        </Button>
      </Card>
    </Stack>
  );
}
