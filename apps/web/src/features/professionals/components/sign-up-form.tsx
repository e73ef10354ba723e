import { useMemo, useState } from 'react';
import { Alert, Anchor, Box, Button, Checkbox, Flex, Grid, MultiSelect, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { createProfessionalBody } from '@ouvrage/contracts';
import { isStrongPassword, isValidSiret, normalizeDigits, siretProblem } from '@ouvrage/domain';
import { useDisabledReason } from '../../../components/ui/disabled-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { useErrorMessage } from '../../../lib/use-error-message';
import { formSchema } from '../../../lib/forms/form-schema';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useProfessions, useServices } from '../api/reference-lists';
import { useTradeNames } from '../api/trade-names';
import { lookupCompany, useCreateProfessionalAccount, type CompanyLookup, type SignUpBody } from '../api/sign-up';
import { PhoneInput } from '../../../components/ui/phone-input';

const SCHEMA = formSchema(createProfessionalBody);

const EMPTY: SignUpBody = {
  siret: '',
  raison_sociale: '',
  forme_juridique: '',
  naf_code: '',
  head_office_address: '',
  head_office_postcode: '',
  head_office_city: '',
  head_office_citycode: '',
  profession_id: null,
  service_ids: [],
  civility: null,
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  accept_terms: false,
};

/** The professional's sign-up form of `/professionnel` (its own chunk: it is below the first screen). */
export default function SignUpForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const professions = useProfessions();
  const services = useServices();
  const names = useTradeNames();
  const create = useCreateProfessionalAccount();
  const [lookup, setLookup] = useState<{ state: 'idle' | 'loading' | 'done' | 'error'; result?: CompanyLookup; error?: string }>({ state: 'idle' });
  // The API's schema, and the domain's SIRET and password rules with the screen's own translated words.
  const form = useContractForm({
    initialValues: EMPTY,
    schema: SCHEMA,
    rules: (v) => ({
      siret: isValidSiret(v.siret) ? null : t(`professionals.signup.siret.${siretProblem(v.siret) ?? 'checksum'}`),
      password_confirmation: v.password !== v.password_confirmation ? t('professionals.signup.passwordsDiffer') : null,
    }),
    serverError: create.error,
  });
  const values = form.getValues();

  const tradeServices = useMemo(
    () => (services.data ?? []).filter((s) => s.profession_id === values.profession_id).map((s) => ({ value: String(s.id), label: names.service(s) })),
    [services.data, values.profession_id, names],
  );

  const closed = lookup.result?.company && !lookup.result.company.active;
  // A disabled button says why (issue 15).
  const whyDisabled = closed
    ? t('professionals.signup.disabledClosed')
    : !isStrongPassword(values.password)
      ? t('professionals.signup.disabledWeakPassword')
      : null;
  const why = useDisabledReason(whyDisabled);

  /** SIRET checked locally (Luhn, La Poste) before the registry is asked. */
  const search = async () => {
    const problem = siretProblem(values.siret);
    if (problem) {
      form.setFieldError('siret', t(`professionals.signup.siret.${problem}`));
      return;
    }
    form.clearFieldError('siret');
    setLookup({ state: 'loading' });
    try {
      const result = await lookupCompany(normalizeDigits(values.siret));
      setLookup({ state: 'done', result });
      const c = result.company;
      if (c) {
        form.setValues({
          siret: c.siret,
          raison_sociale: c.raison_sociale,
          forme_juridique: c.forme_juridique ?? '',
          naf_code: c.naf_code ?? '',
          head_office_address: c.head_office_address ?? '',
          head_office_postcode: c.head_office_postcode ?? '',
          head_office_city: c.head_office_city ?? '',
          head_office_citycode: c.head_office_citycode ?? '',
        });
      }
    } catch (error) {
      setLookup({ state: 'error', error: errorMessage(error) });
    }
  };

  if (create.isSuccess) {
    return (
      <Stack data-testid="signup-done">
        <Alert color="teal" title={t('professionals.signup.doneTitle')} role="status">
          {t('professionals.signup.doneText', { email: create.variables.email })}
        </Alert>
        <Text>{t('professionals.signup.doneNext')}</Text>
        <Button component={Link} to="/login" w="fit-content">
          {t('professionals.landing.login')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((body) => create.mutate(body))} noValidate aria-labelledby="signup-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="signup-title">
            {t('professionals.signup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('professionals.signup.intro')}
          </Text>
        </div>
        <ErrorAlert error={form.alertError} />

        <Title order={3} size="h5">
          {t('professionals.signup.companySection')}
        </Title>
        {/* On a phone the 14 digits need the full width: the search button goes below. */}
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-end' }} gap="sm">
          <TextInput
            label={t('professionals.signup.siretLabel')}
            description={t('professionals.signup.siretHelp')}
            name="siret"
            inputMode="numeric"
            required
            flex={1}
            {...form.getInputProps('siret')}
            onChange={(e) => {
              form.setFieldValue('siret', e.currentTarget.value);
              form.clearFieldError('siret');
              setLookup({ state: 'idle' });
            }}
          />
          <Button variant="light" onClick={() => void search()} loading={lookup.state === 'loading'} data-testid="siret-search">
            {t('professionals.signup.search')}
          </Button>
        </Flex>
        {lookup.state === 'done' && lookup.result?.company && lookup.result.company.active && (
          <Alert color="teal" role="status" data-testid="registry-found">
            {t('professionals.signup.found', { name: lookup.result.company.raison_sociale })}
          </Alert>
        )}
        {closed && (
          <Alert color="red" role="alert" data-testid="registry-closed">
            {t('professionals.signup.closed')}
          </Alert>
        )}
        {lookup.state === 'done' && !lookup.result?.found && (
          <Alert color="blue" role="status">
            {t('professionals.signup.notFound')}
          </Alert>
        )}
        {lookup.state === 'error' && (
          <Alert color="orange" role="status">
            {lookup.error}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('professionals.legal.raisonSociale')} required {...form.getInputProps('raison_sociale')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('professionals.legal.formeJuridique')} {...form.getInputProps('forme_juridique')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('professionals.legal.naf')} placeholder="43.22A" {...form.getInputProps('naf_code')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('professionals.legal.address')} {...form.getInputProps('head_office_address')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('professionals.legal.postcode')} inputMode="numeric" {...form.getInputProps('head_office_postcode')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('professionals.legal.city')} {...form.getInputProps('head_office_city')} />
          </Grid.Col>
        </Grid>

        <Title order={3} size="h5">
          {t('professionals.signup.tradeSection')}
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('professionals.trade.profession')}
              required
              searchable
              data={(professions.data ?? []).map((p) => ({ value: String(p.id), label: names.profession(p) }))}
              {...form.getInputProps('profession_id')}
              value={values.profession_id ? String(values.profession_id) : null}
              onChange={(v) => form.setValues({ profession_id: v ? Number(v) : null, service_ids: [] })}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelect
              label={t('professionals.trade.services')}
              data={tradeServices}
              {...form.getInputProps('service_ids')}
              value={values.service_ids.map(String)}
              onChange={(v) => form.setFieldValue('service_ids', v.map(Number))}
              disabled={!values.profession_id}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
        </Grid>

        <Title order={3} size="h5">
          {t('professionals.signup.contactSection')}
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 2 }}>
            <Select
              label={t('professionals.signup.civility')}
              data={[
                { value: 'M.', label: t('professionals.signup.mr') },
                { value: 'Mme', label: t('professionals.signup.mrs') },
              ]}
              {...form.getInputProps('civility')}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={t('professionals.signup.firstname')} autoComplete="given-name" required {...form.getInputProps('firstname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={t('professionals.signup.lastname')} autoComplete="family-name" required {...form.getInputProps('lastname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput label={t('professionals.signup.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <PhoneInput label={t('professionals.signup.phone')} required {...form.getInputProps('phone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label={t('professionals.signup.password')} autoComplete="new-password" required {...form.getInputProps('password')} />
            <Box mt="xs">
              <PasswordRules password={values.password} />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label={t('professionals.signup.passwordConfirmation')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
              // Said as soon as the two differ, before the submit checks it.
              error={
                form.errors.password_confirmation ??
                (values.password_confirmation && values.password_confirmation !== values.password ? t('professionals.signup.passwordsDiffer') : undefined)
              }
            />
          </Grid.Col>
        </Grid>
        <Checkbox
          label={
            <Trans
              i18nKey="professionals.signup.termsLinks"
              components={{
                terms: <Anchor component={Link} to="/conditions-generales" target="_blank" />,
                privacy: <Anchor component={Link} to="/confidentialite" target="_blank" />,
              }}
            />
          }
          {...form.getInputProps('accept_terms', { type: 'checkbox' })}
        />
        <Button
          type="submit"
          size="md"
          loading={create.isPending}
          {...why.control}
          w={{ base: '100%', sm: 'fit-content' }}
          // A long label wraps inside the button instead of overflowing the card on a phone.
          styles={{ root: { height: 'auto', minHeight: 'var(--button-height)' }, label: { whiteSpace: 'normal', paddingBlock: 6 } }}
        >
          {t('professionals.signup.submit')}
        </Button>
        {why.note}
        <Text size="sm">
          {t('professionals.signup.already')}{' '}
          <Anchor component={Link} to="/login">
            {t('professionals.landing.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
