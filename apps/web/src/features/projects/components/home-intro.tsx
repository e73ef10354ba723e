import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

const POINTS = ['describe', 'quotes', 'sign'] as const;

/**
 * What the platform does for a client, above the project form on the home page, for a visitor
 * (issue 36 §6): three steps in one line each, and the way to the professionals' space. Compact, so
 * that the form's first step stays on the first screen of a phone.
 */
export function HomeIntro() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="home-intro-title" data-testid="home-intro">
      <Text id="home-intro-title" fw={700} fz={{ base: 'md', sm: 'lg' }} c="ouvrage.8">
        {t('projects.home.title')}
      </Text>
      <Box
        component="ol"
        m={0}
        mt={6}
        p={0}
        style={{ listStyle: 'none', display: 'grid', gap: 6, gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))' }}
      >
        {POINTS.map((point, i) => (
          <Box component="li" key={point} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
            <Text span fw={700} c="ouvrage.7" aria-hidden style={{ flex: 'none', whiteSpace: 'nowrap' }}>
              {i + 1}.
            </Text>
            <Text span size="sm">
              <Text span fw={600} inherit>
                {t(`projects.home.points.${point}.title`)}
              </Text>{' '}
              {t(`projects.home.points.${point}.detail`)}
            </Text>
          </Box>
        ))}
      </Box>
      <Text size="sm" mt={8}>
        {t('projects.home.pro')}{' '}
        <Anchor component={Link} to="/professionnel" fw={600} data-testid="home-pro-link">
          {t('projects.home.proLink')}
        </Anchor>
      </Text>
    </Box>
  );
}
