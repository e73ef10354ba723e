import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArchitectDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';
import { EmptyText, WidgetCard } from './widget-card';

/** Quotes sent in the period: accepted over sent. */
export function ConversionWidget({ conversion }: { conversion: ArchitectDashboard['conversion'] }) {
  const { t } = useTranslation();
  const percent = conversion.rate_bp === null ? null : conversion.rate_bp / 100;
  return (
    <WidgetCard
      order={3}
      title={t('dashboards.architect.conversion.title')}
      testId="conversion"
      figure={percent === null ? undefined : t('dashboards.common.percent', { value: ltr(formatNumber(Math.round(percent * 10) / 10)) })}
    >
      {percent === null ? (
        <EmptyText>{t('dashboards.architect.conversion.none')}</EmptyText>
      ) : (
        <Stack gap={4}>
          <Progress value={percent} color="teal" aria-label={t('dashboards.architect.conversion.title')} />
          <Text size="sm">{t('dashboards.architect.conversion.detail', { accepted: conversion.accepted, sent: conversion.sent })}</Text>
          <Text size="xs" c="dimmed">
            {t('dashboards.architect.conversion.refused', { count: conversion.refused })}
          </Text>
        </Stack>
      )}
    </WidgetCard>
  );
}
