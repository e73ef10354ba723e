import { Anchor, Card, List, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NextStepView } from '@ouvrage/contracts';
import { nextStepText } from '../model/next-step-text';
import { EmptyText } from './widget-card';

/** The client's next steps in plain words, most urgent first, each a link to where it is done. */
export function NextStepsCard({ steps }: { steps: NextStepView[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="next-steps" bg="var(--mantine-color-blue-light)">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('dashboards.nextSteps.title')}
        </Title>
        {steps.length === 0 ? (
          <EmptyText>{t('dashboards.nextSteps.none')}</EmptyText>
        ) : (
          <List spacing={6} type="ordered">
            {steps.map((step) => (
              <List.Item key={`${step.key}:${step.to}`} data-testid={`next-step-${step.key}`}>
                <Anchor component={Link} to={step.to}>
                  {nextStepText(t, step)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
