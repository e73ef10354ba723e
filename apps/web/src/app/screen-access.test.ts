import { describe, expect, it } from 'vitest';
import { type Caller, type UserType } from '@ouvrage/domain';
import { allMenuLinks, can } from '@ouvrage/contracts';
import type { DataUser } from '@ouvrage/contracts';
import { canSee } from '../lib/access';
import { screenRoutes } from './routes';

const users: DataUser[] = (['client', 'admin', 'professionnel', 'dessinateur', 'architecte'] as UserType[]).flatMap((user_type, i) =>
  ['Validé', 'En attente'].map(
    (is_validate, j) => ({ id: i * 10 + j + 1, firstname: 'A', lastname: 'B', email: 'a@b.fr', user_type, is_validate }) as DataUser,
  ),
);

describe('screen guards and the side menu read the same capabilities', () => {
  it('opens every menu link’s screen to whoever sees the link, and no screen to someone its capability refuses', () => {
    for (const link of allMenuLinks()) {
      const route = screenRoutes.find((r) => r.path === link.to);
      expect(route, link.to).toBeDefined();
      for (const user of users) {
        const caller: Caller = { id: user.id, user_type: user.user_type, is_validate: user.is_validate };
        if (can(link.capability, caller)) expect(canSee(route!.capability, user), `${user.user_type}/${user.is_validate} ${link.to}`).toBe(true);
      }
    }
  });

  it('guards every signed-in screen but the shared ones with a capability', () => {
    const open = screenRoutes.filter((r) => r.sets.length === 1 && !r.capability).map((r) => r.path);
    // Every signed-in user has a dashboard, a profile, notifications (issue 36 §5) and messages (decision 1230).
    expect(open.sort()).toEqual(['/dashboard', '/messages', '/messages/:id', '/notifications', '/profil', '/single-projet', '/single-projet/:id']);
  });
});
