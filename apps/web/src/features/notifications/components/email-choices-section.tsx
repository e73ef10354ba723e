import { Alert, Anchor, Card, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NOTIFICATION_GROUPS, sanitizeLanguageCode } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

/**
 * « Notifications par e-mail » on /profil (decision 0802): a switch per kind the user's role may
 * receive, grouped; legal kinds (invoices, signature) shown on and locked, with a note; and the
 * language of the e-mails (the same as the interface's switcher).
 */
export function EmailChoicesSection() {
  const { t, i18n } = useTranslation();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  if (settings.error) return <ErrorAlert error={settings.error} />;
  if (!settings.data) return null;
  const { choices, language } = settings.data;
  const groups = NOTIFICATION_GROUPS.filter((g) => choices.some((c) => c.group === g));
  const hasLegal = choices.some((c) => c.legal);
  return (
    <Card withBorder component="section" aria-labelledby="email-choices-title" data-testid="email-choices">
      <Title order={2} size="h4" mb="xs" id="email-choices-title">
        {t('notificationCentre.email.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('notificationCentre.email.intro')}{' '}
        <Anchor component={Link} to="/notifications" size="sm" underline="always" data-testid="email-choices-centre">
          {t('notificationCentre.email.centreLink')}
        </Anchor>
      </Text>
      {save.isSuccess && (
        <Alert color="teal" mb="sm" role="status">
          {t('notificationCentre.email.saved')}
        </Alert>
      )}
      <ErrorAlert error={save.error} />
      <Select
        label={t('notificationCentre.email.language')}
        maw={360}
        mb="md"
        allowDeselect={false}
        value={language}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
        onChange={(value) => {
          const lng = sanitizeLanguageCode(value);
          if (!lng) return;
          // The interface follows; its switch saves the language (useSaveLanguageOnSwitch).
          if (i18n.resolvedLanguage !== lng) void i18n.changeLanguage(lng);
          else save.mutate({ language: lng });
        }}
        comboboxProps={{ withinPortal: true }}
        data-testid="email-language"
      />
      <Stack gap="md">
        {groups.map((group) => (
          <fieldset key={group} style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={6}>
              {t(`notificationCentre.email.groups.${group}`)}
            </Text>
            <Stack gap={6}>
              {choices
                .filter((c) => c.group === group)
                .map((c) => (
                  <Switch
                    key={c.kind}
                    label={t(`notificationKinds.${c.kind}.name`)}
                    // A legal kind is shown on and locked: still focusable and read as unavailable, not greyed out as if off.
                    checked={c.legal || c.email}
                    aria-disabled={c.legal || undefined}
                    disabled={!c.legal && save.isPending}
                    description={c.legal ? t('notificationCentre.email.alwaysSent') : undefined}
                    style={c.legal ? { cursor: 'not-allowed' } : undefined}
                    onChange={(event) => {
                      if (!c.legal) save.mutate({ email: { [c.kind]: event.currentTarget.checked } });
                    }}
                    data-testid={`email-choice-${c.kind}`}
                  />
                ))}
            </Stack>
          </fieldset>
        ))}
      </Stack>
      {hasLegal && (
        <Text size="xs" c="dimmed" mt="md">
          {t('notificationCentre.email.legal')}
        </Text>
      )}
    </Card>
  );
}
