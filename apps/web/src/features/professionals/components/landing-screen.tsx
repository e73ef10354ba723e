import { startTransition, Suspense, useEffect, useState } from 'react';
import { Anchor, Box, Button, Card, Center, Container, Group, List, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NativeLanguageSwitcher } from '../../../components/ui/native-language-switcher';
import { afterFirstScreen } from '../../../app/first-screen';
import { lazyWithQueryClient } from '../../../app/query-client-gate';

// The sign-up form sits below the first screen: its code (the searchable lists with floating-ui,
// the password rules, the company lookup) is asked for once the first screen is shown, when the
// browser is idle (issue 13); a loader holds its place meanwhile. It reads the reference lists and
// sends with a mutation: it comes with the query client (decision 0949).
const SignUpForm = lazyWithQueryClient(() => import('./sign-up-form'));

const BENEFITS = ['artisans', 'designers', 'architects'] as const;
const STEPS = ['signup', 'profile', 'validation', 'tenders'] as const;

/** `/professionnel`: what the platform brings professionals, and the sign-up form. */
export default function ProfessionalLandingScreen() {
  const { t } = useTranslation();
  const [formWanted, setFormWanted] = useState(false);
  useEffect(() => {
    let live = true;
    // In a transition: the form is drawn in short slices, not one long task (decision 0977).
    afterFirstScreen(() => live && startTransition(() => setFormWanted(true)));
    return () => {
      live = false;
    };
  }, []);
  const formPlace = (
    <Center mih={480} role="status" aria-label={t('common.loading')} data-deferred-part>
      <Loader />
    </Center>
  );
  return (
    <Box mih="100vh" bg="gray.0">
      <Box bg="ouvrage.8" c="white" py={48} px="md">
        <Container size="lg">
          <Group justify="space-between" mb="xl">
            <Anchor component={Link} to="/" c="white" fw={800} size="xl" underline="never">
              Ouvrage
            </Anchor>
            <Group gap="sm">
              <NativeLanguageSwitcher compact />
              <Button component={Link} to="/login" variant="white" size="xs">
                {t('professionals.landing.login')}
              </Button>
            </Group>
          </Group>
          <Title order={1} maw={720}>
            {t('professionals.landing.title')}
          </Title>
          <Text size="lg" mt="md" maw={720}>
            {t('professionals.landing.subtitle')}
          </Text>
          <Button component="a" href="#inscription" mt="lg" size="md" variant="white">
            {t('professionals.landing.cta')}
          </Button>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, md: 3 }} mb="xl">
          {BENEFITS.map((key) => (
            <Card key={key} withBorder padding="lg">
              <Title order={2} size="h4" mb="xs">
                {t(`professionals.landing.benefits.${key}.title`)}
              </Title>
              <Text size="sm">{t(`professionals.landing.benefits.${key}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <Title order={2} size="h3" mb="sm">
          {t('professionals.landing.howTitle')}
        </Title>
        <List type="ordered" spacing="xs" mb="xl">
          {STEPS.map((key) => (
            <List.Item key={key}>{t(`professionals.landing.steps.${key}`)}</List.Item>
          ))}
        </List>
        <Paper withBorder shadow="sm" p="xl" radius="md" id="inscription">
          {formWanted ? (
            <Suspense fallback={formPlace}>
              <SignUpForm />
            </Suspense>
          ) : (
            formPlace
          )}
        </Paper>
      </Container>
    </Box>
  );
}
