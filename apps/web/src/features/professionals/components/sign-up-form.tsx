import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Flex,
  Grid,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { isStrongPassword, isValidSiret, normalizeDigits, siretProblem } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PasswordRules } from '../../../components/ui/password-rules';
import { fieldErrors, useErrorMessage } from '../../../lib/use-error-message';
import { useProfessions, useServices } from '../api/reference-lists';
import { useTradeNames } from '../api/trade-names';
import { lookupCompany, useCreateProfessionalAccount, type CompanyLookup, type SignUpBody } from '../api/sign-up';
import { PhoneInput } from '../../../components/ui/phone-input';

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
  const [form, setForm] = useState<SignUpBody>(EMPTY);
  const [lookup, setLookup] = useState<{ state: 'idle' | 'loading' | 'done' | 'error'; result?: CompanyLookup; error?: string }>({ state: 'idle' });
  const [siretError, setSiretError] = useState<string | null>(null);
  const fields = fieldErrors(create.error);
  const set = <K extends keyof SignUpBody>(key: K, value: SignUpBody[K]) => setForm((f) => ({ ...f, [key]: value }));

  const tradeServices = useMemo(
    () => (services.data ?? []).filter((s) => s.profession_id === form.profession_id).map((s) => ({ value: String(s.id), label: names.service(s) })),
    [services.data, form.profession_id, names],
  );

  const closed = lookup.result?.company && !lookup.result.company.active;
  // A disabled button says why (issue 15).
  const whyDisabled = closed ? t('professionals.signup.disabledClosed') : !isStrongPassword(form.password) ? t('professionals.signup.disabledWeakPassword') : null;

  /** SIRET checked locally (Luhn, La Poste) before the registry is asked. */
  const search = async () => {
    const problem = siretProblem(form.siret);
    if (problem) {
      setSiretError(t(`professionals.signup.siret.${problem}`));
      return;
    }
    setSiretError(null);
    setLookup({ state: 'loading' });
    try {
      const result = await lookupCompany(normalizeDigits(form.siret));
      setLookup({ state: 'done', result });
      const c = result.company;
      if (c) {
        setForm((f) => ({
          ...f,
          siret: c.siret,
          raison_sociale: c.raison_sociale,
          forme_juridique: c.forme_juridique ?? '',
          naf_code: c.naf_code ?? '',
          head_office_address: c.head_office_address ?? '',
          head_office_postcode: c.head_office_postcode ?? '',
          head_office_city: c.head_office_city ?? '',
          head_office_citycode: c.head_office_citycode ?? '',
        }));
      }
    } catch (error) {
      setLookup({ state: 'error', error: errorMessage(error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidSiret(form.siret)) {
      setSiretError(t(`professionals.signup.siret.${siretProblem(form.siret) ?? 'checksum'}`));
      return;
    }
    create.mutate(form);
  };

  if (create.isSuccess) {
    return (
      <Stack data-testid="signup-done">
        <Alert color="teal" title={t('professionals.signup.doneTitle')} role="status">
          {create.data.message}
        </Alert>
        <Text>{t('professionals.signup.doneNext')}</Text>
        <Button component={Link} to="/login" w="fit-content">
          {t('professionals.landing.login')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="signup-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="signup-title">
            {t('professionals.signup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('professionals.signup.intro')}
          </Text>
        </div>
        <ErrorAlert error={create.error && Object.keys(fields).length === 0 ? create.error : null} />

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
            value={form.siret}
            onChange={(e) => {
              set('siret', e.currentTarget.value);
              setLookup({ state: 'idle' });
            }}
            error={siretError ?? fields.siret}
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
            <TextInput label={t('professionals.legal.raisonSociale')} required value={form.raison_sociale} onChange={(e) => set('raison_sociale', e.currentTarget.value)} error={fields.raison_sociale} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('professionals.legal.formeJuridique')} value={form.forme_juridique ?? ''} onChange={(e) => set('forme_juridique', e.currentTarget.value)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('professionals.legal.naf')} placeholder="43.22A" value={form.naf_code ?? ''} onChange={(e) => set('naf_code', e.currentTarget.value)} error={fields.naf_code} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('professionals.legal.address')} value={form.head_office_address ?? ''} onChange={(e) => set('head_office_address', e.currentTarget.value)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('professionals.legal.postcode')} inputMode="numeric" value={form.head_office_postcode ?? ''} onChange={(e) => set('head_office_postcode', e.currentTarget.value)} error={fields.head_office_postcode} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('professionals.legal.city')} value={form.head_office_city ?? ''} onChange={(e) => set('head_office_city', e.currentTarget.value)} />
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
              value={form.profession_id ? String(form.profession_id) : null}
              onChange={(v) => setForm((f) => ({ ...f, profession_id: v ? Number(v) : null, service_ids: [] }))}
              error={fields.profession_id}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelect
              label={t('professionals.trade.services')}
              data={tradeServices}
              value={form.service_ids.map(String)}
              onChange={(v) => set('service_ids', v.map(Number))}
              disabled={!form.profession_id}
              error={fields.service_ids}
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
              value={form.civility ?? null}
              onChange={(v) => set('civility', (v as 'M.' | 'Mme' | null) ?? null)}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={t('professionals.signup.firstname')} autoComplete="given-name" required value={form.firstname} onChange={(e) => set('firstname', e.currentTarget.value)} error={fields.firstname} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={t('professionals.signup.lastname')} autoComplete="family-name" required value={form.lastname} onChange={(e) => set('lastname', e.currentTarget.value)} error={fields.lastname} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput label={t('professionals.signup.email')} type="email" autoComplete="email" required value={form.email} onChange={(e) => set('email', e.currentTarget.value)} error={fields.email} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <PhoneInput label={t('professionals.signup.phone')} required value={form.phone} onChange={(v) => set('phone', v)} error={fields.phone} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label={t('professionals.signup.password')} autoComplete="new-password" required value={form.password} onChange={(e) => set('password', e.currentTarget.value)} error={fields.password} />
            <Box mt="xs">
              <PasswordRules password={form.password} />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label={t('professionals.signup.passwordConfirmation')}
              autoComplete="new-password"
              required
              value={form.password_confirmation}
              onChange={(e) => set('password_confirmation', e.currentTarget.value)}
              error={fields.password_confirmation ?? (form.password_confirmation && form.password_confirmation !== form.password ? t('professionals.signup.passwordsDiffer') : undefined)}
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
          checked={form.accept_terms}
          onChange={(e) => set('accept_terms', e.currentTarget.checked)}
          error={fields.accept_terms}
        />
        <Button
          type="submit"
          size="md"
          loading={create.isPending}
          disabled={!!whyDisabled}
          aria-describedby={whyDisabled ? 'signup-why' : undefined}
          w={{ base: '100%', sm: 'fit-content' }}
          // A long label wraps inside the button instead of overflowing the card on a phone.
          styles={{ root: { height: 'auto', minHeight: 'var(--button-height)' }, label: { whiteSpace: 'normal', paddingBlock: 6 } }}
        >
          {t('professionals.signup.submit')}
        </Button>
        {whyDisabled && (
          <Text size="sm" id="signup-why" data-testid="disabled-reason">
            {whyDisabled}
          </Text>
        )}
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
