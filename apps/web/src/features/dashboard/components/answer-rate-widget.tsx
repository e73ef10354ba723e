import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfessionalDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';

/** Tenders answered (accepted or declined) over tenders received. */
export function AnswerRateWidget({ rate }: { rate: ProfessionalDashboard['answer_rate'] }) {
  const { t } = useTranslation();
  const percent = rate.rate_bp === null ? null : rate.rate_bp / 100;
  return (
    <WidgetCard
      title={t('dashboards.pro.answerRate.title')}
      testId="answer-rate"
      figure={percent === null ? undefined : t('dashboards.common.percent', { value: ltr(formatNumber(Math.round(percent))) })}
    >
      {percent === null ? (
        <EmptyText>{t('dashboards.pro.answerRate.none')}</EmptyText>
      ) : (
        <Stack gap={4}>
          <Progress value={percent} aria-label={t('dashboards.pro.answerRate.title')} />
          <Text size="sm">{t('dashboards.pro.answerRate.detail', { answered: rate.answered, received: rate.received })}</Text>
          <Text size="xs" c="dimmed">
            {t('dashboards.pro.answerRate.accepted', { count: rate.accepted })} · {t('dashboards.pro.answerRate.refused', { count: rate.refused })} ·{' '}
            {t('dashboards.pro.answerRate.expired', { count: rate.expired })}
          </Text>
        </Stack>
      )}
    </WidgetCard>
  );
}
