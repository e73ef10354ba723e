import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth';
import { ProfileChecklist } from './profile-checklist';

/** Frame of the six /entreprise pages: title, intro, the checklist, then the page's form. */
export function EnterprisePage({ titleKey, introKey, children }: { titleKey: string; introKey: string; children: (userId: number) => ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {t(titleKey)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(introKey)}
        </Text>
      </div>
      <ProfileChecklist userId={user.id} />
      {children(user.id)}
    </Stack>
  );
}
