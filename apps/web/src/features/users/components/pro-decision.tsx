import { useState } from 'react';
import { Alert, Button, Card, Group, List, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useDisabledReason } from '../../../components/ui/disabled-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/format';
import { fieldErrors } from '../../../lib/use-error-message';
import type { ProfessionalInfo } from '../../professionals';
import { useCheckUser, useSetValidation, type IdentityCheck } from '../api/accounts';

const CHECK_KEYS: Array<keyof IdentityCheck> = [
  'siret_valid',
  'registry_found',
  'registry_active',
  'name_matches',
  'decennale_valid',
  'rc_pro_valid',
  'profile_complete',
];

/** The checks the card shows: the décennale only when the trade requires it. */
const shownChecks = (result: IdentityCheck) => CHECK_KEYS.filter((k) => k !== 'decennale_valid' || result.decennale_required);

/** Every check the card shows failed (issue 36 §6): validating then asks first, saying so. */
const everyCheckFailed = (result: IdentityCheck | undefined): boolean => !!result && shownChecks(result).every((key) => !result[key]);

/**
 * The identity check and the decision, side by side on the admin's page of a professional: the
 * decision knows the check's last result, so that validating a professional whose every check
 * failed asks first.
 */
export function ProDecisionCards({ userId, info }: { userId: number; info: ProfessionalInfo }) {
  const check = useCheckUser();
  return (
    <>
      <IdentityCheckCard userId={userId} check={check} />
      <ValidationCard userId={userId} info={info} check={check.data} />
    </>
  );
}

function IdentityCheckCard({ userId, check }: { userId: number; check: ReturnType<typeof useCheckUser> }) {
  const { t } = useTranslation();
  const result = check.data;
  return (
    <Card withBorder data-testid="identity-check">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('users.check.title')}
        </Title>
        <Button size="xs" variant="light" loading={check.isPending} onClick={() => check.mutate(userId)}>
          {t('users.check.run')}
        </Button>
      </Group>
      <ErrorAlert error={check.error} />
      {result ? (
        <Stack gap={6}>
          {!result.registry_available && <Alert color="orange">{t('users.check.registryDown')}</Alert>}
          <List spacing={4} size="sm" center>
            {shownChecks(result).map((key) => (
              <List.Item
                key={key}
                data-testid={`identity-${key}`}
                icon={
                  <ThemeIcon size={18} radius="xl" color={result[key] ? 'teal' : key === 'profile_complete' ? 'orange' : 'red'} aria-hidden>
                    {result[key] ? '✓' : '✕'}
                  </ThemeIcon>
                }
              >
                {t(`users.check.items.${key}`)}
                {key === 'name_matches' && result.registry_name ? ` (${result.registry_name})` : ''}
              </List.Item>
            ))}
          </List>
          <Alert color={result.ok ? 'teal' : 'red'} data-testid="identity-result">
            {result.ok ? t('users.check.ok') : t('users.check.notOk')}
          </Alert>
          <Text size="xs" c="dimmed">
            {formatDateTime(result.checked_at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('users.check.intro')}
        </Text>
      )}
    </Card>
  );
}

function ValidationCard({ userId, info, check }: { userId: number; info: ProfessionalInfo; check: IdentityCheck | undefined }) {
  const { t } = useTranslation();
  const validation = useSetValidation(userId);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const fields = fieldErrors(validation.error);
  const validate = () => validation.mutate({ is_validate: 'Validé', reason: null }, { onSettled: () => setConfirming(false) });
  const alreadyValid = useDisabledReason(info.user.is_validate === 'Validé' ? t('users.validation.alreadyValid') : null);
  const name = info.legal.raison_sociale || `${info.user.firstname} ${info.user.lastname}`;
  return (
    <Card withBorder data-testid="validation-card">
      <Title order={2} size="h4" mb="xs">
        {t('users.validation.title')}
      </Title>
      {info.user.validation_reason && info.user.is_validate === 'Refusé' && (
        <Alert color="red" mb="sm">
          {t('users.validation.lastReason', { reason: info.user.validation_reason })}
        </Alert>
      )}
      {validation.isSuccess && (
        <Alert color="teal" mb="sm" role="status">
          {t(validation.variables.is_validate === 'Validé' ? 'users.validation.doneValidated' : 'users.validation.doneRefused')}
        </Alert>
      )}
      <ErrorAlert error={validation.error && !fields.reason ? validation.error : null} />
      <Textarea
        label={t('users.validation.reason')}
        description={t('users.validation.reasonHelp')}
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={fields.reason}
      />
      <Group mt="sm">
        <Button
          color="teal"
          loading={validation.isPending && validation.variables?.is_validate === 'Validé'}
          {...alreadyValid.control}
          onClick={() => (everyCheckFailed(check) ? setConfirming(true) : validate())}
        >
          {t('users.validation.validate')}
        </Button>
        <Button
          color="red"
          variant="light"
          loading={validation.isPending && validation.variables?.is_validate === 'Refusé'}
          onClick={() => validation.mutate({ is_validate: 'Refusé', reason: reason.trim() || null })}
        >
          {t('users.validation.refuse')}
        </Button>
      </Group>
      {alreadyValid.note}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('users.validation.allFailedTitle', { name })}
        confirmLabel={t('users.validation.validateAnyway')}
        onConfirm={validate}
        pending={validation.isPending}
        confirmTestId="validate-anyway"
      >
        <Text>{t('users.validation.allFailedText')}</Text>
      </ConfirmModal>
    </Card>
  );
}
