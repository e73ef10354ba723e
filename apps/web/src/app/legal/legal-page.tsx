import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../components/ui/full-page';

interface Section {
  title: string;
  body: string;
}

/** The terms of use and the privacy policy: public pages, linked from the sign-up forms' checkbox. */
export function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`legal.${page}.sections`, { returnObjects: true }) as Section[];
  return (
    <FullPage width={760}>
      <Stack gap="md" component="article">
        <Title order={1} size="h2">
          {t(`legal.${page}.title`)}
        </Title>
        <Text size="sm">{t('legal.updated')}</Text>
        {sections.map((s) => (
          <section key={s.title}>
            <Title order={2} size="h4" mb={4}>
              {s.title}
            </Title>
            <Text>{s.body}</Text>
          </section>
        ))}
        <Group gap="lg">
          <Anchor component={Link} to="/">
            {t('legal.back')}
          </Anchor>
          {page === 'terms' ? (
            <Anchor component={Link} to="/confidentialite">
              {t('legal.otherPrivacy')}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/conditions-generales">
              {t('legal.otherTerms')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </FullPage>
  );
}
