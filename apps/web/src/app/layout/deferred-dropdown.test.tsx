// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { UnstyledButton } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import type { DataUser } from '@ouvrage/contracts';
import { renderWithProviders } from '../../testing/render';
import { useFirstScreenShown } from '../first-screen';
import { deferredDropdown } from './deferred-dropdown';

const user = { id: 7, firstname: 'Alice', user_type: 'client' } as DataUser;
const button = () => screen.getByRole('button', { name: 'Menu utilisateur' });
/** The kit's Menu names its button's id `…-target`: the placeholder has none. */
const isTheMenusButton = () => button().id.endsWith('-target');
/** The dropdown is drawn (in a portal, through a transition jsdom does not run). */
const menuShows = () => expect(screen.getByText('Mon profil')).toBeTruthy();

/** The real user menu behind a download that arrives when the test says (or fails once). */
function userMenuArrivingLater({ failFirst = false } = {}) {
  let arrive!: () => void;
  let attempts = 0;
  const importer = () => {
    attempts += 1;
    if (failFirst && attempts === 1) return Promise.reject(new Error('réseau coupé'));
    return new Promise<void>((resolve) => (arrive = resolve)).then(() => import('./top-bar-dropdowns')).then((m) => ({ default: m.UserMenuDropdown }));
  };
  const UserMenu = deferredDropdown<{ user: DataUser }>(importer, 'menu');
  const ui = (
    <MemoryRouter>
      <UserMenu user={user} target={<UnstyledButton aria-label="Menu utilisateur">A</UnstyledButton>} />
    </MemoryRouter>
  );
  return { ui, arrive: () => act(async () => arrive()), attempts: () => attempts };
}

function FirstScreen() {
  useFirstScreenShown();
  return null;
}

describe('deferredDropdown', () => {
  it('shows its button at once, and a press before the code arrives opens the menu when it does', async () => {
    const menu = userMenuArrivingLater();
    renderWithProviders(menu.ui);
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(isTheMenusButton()).toBe(false);
    expect(screen.queryByText('Mon profil')).toBeNull();

    fireEvent.click(button());
    await menu.arrive();
    await waitFor(menuShows);
    expect(isTheMenusButton()).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');
  });

  it('a module arriving while the button is held down waits for the release, so the click is not lost', async () => {
    const menu = userMenuArrivingLater();
    renderWithProviders(menu.ui);
    const held = button();
    fireEvent.pointerEnter(held);
    fireEvent.pointerDown(held);
    await menu.arrive();
    expect(button()).toBe(held); // not swapped under the pointer
    fireEvent.pointerUp(held);
    fireEvent.click(held);
    await waitFor(menuShows);
    expect(isTheMenusButton()).toBe(true);
  });

  it('keeps the focus on the button when it is replaced', async () => {
    const menu = userMenuArrivingLater();
    renderWithProviders(menu.ui);
    act(() => button().focus());
    await menu.arrive();
    await waitFor(() => expect(isTheMenusButton()).toBe(true));
    expect(document.activeElement).toBe(button());
    expect(screen.queryByText('Mon profil')).toBeNull(); // focused, not pressed: still closed
  });

  it('loads by itself once the first screen is shown', async () => {
    const menu = userMenuArrivingLater();
    renderWithProviders(
      <>
        {menu.ui}
        <FirstScreen />
      </>,
    );
    await waitFor(() => expect(menu.attempts()).toBe(1), { timeout: 2000 });
    await menu.arrive();
    await waitFor(() => expect(isTheMenusButton()).toBe(true));
  });

  it('asks again after a failed download', async () => {
    const menu = userMenuArrivingLater({ failFirst: true });
    renderWithProviders(menu.ui);
    fireEvent.pointerEnter(button());
    await waitFor(() => expect(menu.attempts()).toBe(1));
    expect(isTheMenusButton()).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(menu.attempts()).toBe(2));
    await menu.arrive();
    await waitFor(menuShows);
  });
});
