import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ProfessionalDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatNumber } from '../../../lib/format';
import { WidgetCard } from './widget-card';
import { insuranceGapsLabel } from '../../professionals';

type ProfileItem = ProfessionalDashboard['profile']['items'][number];

function itemLabel(item: ProfileItem, t: TFunction): string {
  return insuranceGapsLabel(item, t) ?? t(`dashboards.pro.profile.items.${item.key}`);
}

/** What the enterprise profile still lacks, each item linking to its /entreprise/* screen. */
export function ProfileChecklistWidget({ profile }: { profile: ProfessionalDashboard['profile'] }) {
  const { t } = useTranslation();
  const missing = profile.items.filter((i) => !i.done);
  return (
    <WidgetCard title={t('dashboards.pro.profile.title')} testId="profile-checklist">
      <Text size="sm" fw={600}>
        {t('dashboards.pro.profile.percent', { value: ltr(formatNumber(profile.percent)) })}
      </Text>
      <Progress
        value={profile.percent}
        color={profile.complete ? 'green' : 'blue'}
        aria-label={t('dashboards.pro.profile.percent', { value: formatNumber(profile.percent) })}
      />
      {missing.length === 0 ? (
        <Text size="sm">{t('dashboards.pro.profile.complete')}</Text>
      ) : (
        <Stack gap={6}>
          {missing.map((item) => (
            <Group key={item.key} justify="space-between" wrap="nowrap" gap="xs" data-testid={`profile-item-${item.key}`}>
              <Anchor component={Link} to={item.to} size="sm">
                {itemLabel(item, t)}
              </Anchor>
              <Badge variant="light" color={item.required ? 'orange' : 'gray'} size="sm" style={{ flexShrink: 0 }}>
                {item.required ? t('dashboards.pro.profile.todo') : t('dashboards.pro.profile.recommended')}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
