import { Suspense, useEffect, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Anchor, Button, Center, Flex, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreateProjectResult } from '@ouvrage/contracts';
import { FullPage } from '../../../components/ui/full-page';
import { HomeIntro } from './home-intro';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useCreateProject } from '../api/create-project';
import type { JourneyConfirmation as Confirmation } from './journey-confirmation';
import { clearJourney, readJourney, writeJourneyItem, type JourneyKey, type JourneyValues } from '../journey/storage';
import { JOURNEY_STEP_KEYS } from '../journey/steps';
import { preloadJourneySteps, STEP_COMPONENTS } from './journey-steps';
import { afterFirstScreen } from '../../../app/first-screen';
import { lazyWithQueryClient } from '../../../app/query-client-gate';

// The confirmation (with the project's summary and its catalogue labels) comes once the first
// screen is shown, with the later steps: it is not part of the first page (issue 13). It reads the
// catalogue's labels: it comes with the query client (decision 0949).
const loadConfirmation = () => import('./journey-confirmation');
const JourneyConfirmation = lazyWithQueryClient<ComponentProps<typeof Confirmation>>(() =>
  loadConfirmation().then((m) => ({ default: m.JourneyConfirmation })),
);

// The domain's step rules and the request's shaping (money parsing, phone, SIRET) come once the
// first screen is shown too: « Next » then checks at once (decision 0949).
let journeyRequest: typeof import('../journey/request') | null = null;
const loadJourneyRequest = () =>
  import('../journey/request').then((m) => {
    journeyRequest = m;
    return m;
  });

// A logged-in client's known details (their profile): only for them, after the screen is shown.
const loadClientDetails = () => import('../journey/client-details');

/** `/`: the step-by-step new-project journey, for a visitor or a logged-in client. */
export default function JourneyScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [values, setValues] = useState<JourneyValues>(() => readJourney());
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [result, setResult] = useState<{ answer: CreateProjectResult; email: string } | null>(null);
  const create = useCreateProject(!!user);
  const step = Math.min(Math.max(values.etape ?? 0, 0), JOURNEY_STEP_KEYS.length - 1);
  const current = JOURNEY_STEP_KEYS[step];

  const set = <K extends JourneyKey>(key: K, value: JourneyValues[K]) => {
    writeJourneyItem(key, value);
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  // What was typed, as the last render saw it: the profile's answer fills only what is still empty.
  const typed = useRef(values);
  typed.current = values;

  // A logged-in client's identity fills the contact step (spec §3 "user data"), and their known
  // civility, phone and client type too, from their profile (issue 36 §6, decision 1205).
  useEffect(() => {
    if (!user || user.user_type !== 'client') return;
    if (values.userData?.id === user.id) return;
    set('userData', { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email });
    if (!values.firstname) set('firstname', user.firstname);
    if (!values.lastname) set('lastname', user.lastname);
    set('email', user.email);
    let live = true;
    void loadClientDetails()
      .then(async ({ fetchClientProfile, startingDetails }) => {
        const profile = await fetchClientProfile(user.id);
        if (!live) return;
        for (const [key, value] of Object.entries(startingDetails(profile, typed.current))) set(key as JourneyKey, value);
      })
      .catch(() => {
        // Without the profile (offline, a session just ended) the client types the details: the step asks for them anyway.
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  // The later steps' code comes once the first screen is shown, before the visitor needs it.
  useEffect(
    () =>
      afterFirstScreen(() => {
        preloadJourneySteps();
        void loadConfirmation();
        void loadJourneyRequest();
      }),
    [],
  );

  useEffect(() => {
    if (!values.country) set('country', 'France');
    if (values.showAdresse === undefined) set('showAdresse', false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const goTo = (index: number) => {
    set('etape', index);
    window.scrollTo(0, 0);
  };

  if (user && user.user_type !== 'client') return <Navigate to="/dashboard" replace />;
  if (result)
    return (
      <Suspense fallback={<ScreenLoader />}>
        <JourneyConfirmation result={result.answer} email={result.email} />
      </Suspense>
    );

  const check = (request: typeof import('../journey/request')) => {
    const found = request.checkStep(current, values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    if (step < JOURNEY_STEP_KEYS.length - 1) {
      goTo(step + 1);
      return;
    }
    // Last step: every step once more, then send.
    const failing = request.firstFailingStep(values);
    if (failing) {
      setErrors(failing.errors);
      goTo(failing.index);
      return;
    }
    const body = request.toRequestBody(values);
    create.mutate(body, {
      onSuccess: (data) => {
        clearJourney();
        setResult({ answer: data, email: body.email });
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || !Object.keys(error.fields).length) return;
        setErrors(error.fields);
        const index = request.stepOfFields(Object.keys(error.fields));
        if (index >= 0 && index !== step) goTo(index);
      },
    });
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    // Loaded once the first screen showed: checked at once; otherwise as soon as it arrives.
    if (journeyRequest) check(journeyRequest);
    else void loadJourneyRequest().then(check);
  };

  const percent = Math.round(((step + 1) / JOURNEY_STEP_KEYS.length) * 100);
  const StepBody = STEP_COMPONENTS[current];
  // French shows the rule's exact sentence; other languages the field's translated rule.
  const shown = Object.fromEntries(
    Object.entries(errors)
      .filter(([, message]) => !!message)
      .map(([field, message]) => [
        field,
        i18n.resolvedLanguage === 'fr' || !i18n.exists(`projects.validation.${field}`) ? message : t(`projects.validation.${field}`),
      ]),
  );

  return (
    <FullPage width={720}>
      <form onSubmit={next} noValidate>
        <Stack gap="md">
          {user && (
            <Anchor component={Link} to="/dashboard" size="sm" data-testid="back-to-dashboard">
              {t('projects.journey.backToDashboard')}
            </Anchor>
          )}
          {!user && <HomeIntro />}
          <div>
            <Title order={1} size="h2">
              {t('projects.journey.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('projects.journey.subtitle')}
            </Text>
          </div>
          <div>
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Text size="sm" fw={600} data-testid="journey-step-title">
                {t(`projects.journey.steps.${current}`)}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('projects.journey.stepOf', { step: step + 1, total: JOURNEY_STEP_KEYS.length })}
              </Text>
            </Group>
            <Progress value={percent} aria-label={t('projects.journey.progress')} />
          </div>
          <ErrorAlert error={create.error && !(create.error instanceof ApiError && Object.keys(create.error.fields).length) ? create.error : null} />
          {Object.values(errors).some(Boolean) && (
            <Text size="sm" c="red" role="status">
              {t('projects.journey.fixErrors')}
            </Text>
          )}
          <Suspense
            fallback={
              <Center mih={120} role="status" aria-label={t('common.loading')}>
                <Loader size="sm" />
              </Center>
            }
          >
            <StepBody values={values} errors={shown} set={set} />
          </Suspense>
          {/* On a phone the two buttons are stacked, full width; side by side from `xs` (decision 1205). */}
          <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="sm" mt="md" data-testid="journey-buttons">
            <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0} w={{ base: '100%', xs: 'auto' }}>
              {t('common.previous')}
            </Button>
            <Button type="submit" loading={create.isPending} w={{ base: '100%', xs: 'auto' }}>
              {step === JOURNEY_STEP_KEYS.length - 1 ? t('projects.journey.submit') : t('common.next')}
            </Button>
          </Flex>
          {!user && (
            <Text size="sm" ta="center">
              {t('projects.journey.haveAccount')}{' '}
              <Anchor component={Link} to="/login">
                {t('projects.journey.loginLink')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </FullPage>
  );
}
