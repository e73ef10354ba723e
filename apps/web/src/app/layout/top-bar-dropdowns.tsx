import { Anchor, Menu, Popover, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataUser } from '@ouvrage/contracts';
import { PRODUCT_VERSION } from '@ouvrage/domain';
import type { DropdownProps } from './deferred-dropdown';

/** The user menu's dropdown (spec §2): profile, version, log out. Loaded after the first screen (decision 0973). */
export function UserMenuDropdown({ user, target, opened, onChange }: DropdownProps & { user: DataUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" shadow="md" width={220} opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate('/profil', { state: { userId: user.id } })} data-testid="profile-link">
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Label data-testid="app-version">{t('shell.version', { version: PRODUCT_VERSION })}</Menu.Label>
        <Menu.Divider />
        <Menu.Item color="red" component={Link} to="/logout" data-testid="logout">
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The bell's dropdown: how many tenders await an answer, and the way to them. */
export function BellDropdown({ count, target, opened, onChange }: DropdownProps & { count: number }) {
  const { t } = useTranslation();
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md">
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" mb="xs">
          {t('shell.bellTitle', { count })}
        </Text>
        <Anchor component={Link} to="/list-offre" data-testid="bell-see" onClick={() => onChange(false)}>
          {t('shell.bellSee')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
