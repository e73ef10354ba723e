import { List, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '@ouvrage/domain';

/** The visible strength rule: each requirement ticks as the user types. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <List spacing={2} size="sm" center aria-live="polite" data-testid="password-rules">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.key}
            c={met ? 'teal.8' : 'dimmed'}
            icon={
              <ThemeIcon color={met ? 'teal' : 'gray'} size={16} radius="xl" aria-hidden>
                {met ? '✓' : '•'}
              </ThemeIcon>
            }
          >
            {t(`auth.rules.${rule.key}`)}
          </List.Item>
        );
      })}
    </List>
  );
}
