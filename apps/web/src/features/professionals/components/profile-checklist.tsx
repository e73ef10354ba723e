import { Alert, Anchor, Badge, Card, Group, List, Progress, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROFILE_CHECK_SCREENS, type StatusRegister } from '@ouvrage/contracts';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useStatusRegister } from '../api/profile';
import { insuranceGapsLabel } from './insurance-gaps';

export function ValidationBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  const color = state === 'Validé' ? 'teal' : state === 'Refusé' ? 'red' : 'yellow';
  return (
    <Badge color={color} variant="light" data-testid="validation-badge">
      {t(`professionals.states.${state}`, { defaultValue: state })}
    </Badge>
  );
}

/** The checklist items, shared by the professional's pages and the admin's view. */
export function ChecklistItems({ status, links = true }: { status: StatusRegister; links?: boolean }) {
  const { t } = useTranslation();
  return (
    <List spacing={4} size="sm" center>
      {status.completeness.items.map((item) => (
        <List.Item
          key={item.key}
          data-testid={`check-${item.key}`}
          data-done={item.done}
          icon={
            <ThemeIcon color={item.done ? 'teal' : item.required ? 'orange' : 'gray'} size={18} radius="xl" aria-hidden>
              {item.done ? '✓' : '!'}
            </ThemeIcon>
          }
        >
          {links && !item.done ? (
            <Anchor component={Link} to={PROFILE_CHECK_SCREENS[item.key as keyof typeof PROFILE_CHECK_SCREENS]} inherit>
              {insuranceGapsLabel(item, t) ?? t(`professionals.checks.${item.key}`)}
            </Anchor>
          ) : (
            (insuranceGapsLabel(item, t) ?? t(`professionals.checks.${item.key}`))
          )}
          {!item.required && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({t('professionals.recommended')})
            </Text>
          )}
          <VisuallyHidden>
            {' — '}
            {item.done ? t('professionals.done') : t('professionals.missing')}
          </VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}

/** The professional's validation state and what is still missing from the profile. */
export function ProfileChecklist({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const status = useStatusRegister(userId);
  if (status.error) return <ErrorAlert error={status.error} />;
  if (!status.data) return null;
  const { is_validate, validation_reason, completeness } = status.data;
  return (
    <Card withBorder padding="md" data-testid="profile-checklist">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>{t('professionals.checklistTitle')}</Text>
          <ValidationBadge state={is_validate} />
        </Group>
        <Text size="sm" c="dimmed" data-testid="completeness-percent">
          {t('professionals.percentDone', { percent: completeness.percent })}
        </Text>
      </Group>
      <Progress value={completeness.percent} color={completeness.complete ? 'teal' : 'orange'} mb="sm" aria-label={t('professionals.checklistTitle')} />
      {is_validate === 'Refusé' && validation_reason && (
        <Alert color="red" mb="sm" title={t('professionals.refusedTitle')}>
          {validation_reason}
        </Alert>
      )}
      {completeness.complete ? (
        <Text size="sm" c="teal.8">
          {is_validate === 'Validé' ? t('professionals.completeValidated') : t('professionals.completePending')}
        </Text>
      ) : (
        <ChecklistItems status={status.data} />
      )}
    </Card>
  );
}
