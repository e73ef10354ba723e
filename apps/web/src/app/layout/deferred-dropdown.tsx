import { cloneElement, useCallback, useEffect, useRef, useState, type ComponentType, type ReactElement, type Ref } from 'react';
import { afterFirstScreen } from '../first-screen';

/** The props the dropdown's button is given, before and after its module arrives. */
export interface TargetProps {
  ref?: Ref<HTMLElement>;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
}

/** What a deferred dropdown's module renders: the kit's Menu or Popover around `target`, open as told. */
export interface DropdownProps {
  target: ReactElement<TargetProps>;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/**
 * A top-bar dropdown whose code is not part of the first screen (decision 0973). The kit's Menu
 * and Popover bring floating-ui and the scroll lock, ≈ 18 kB gzip that the dashboard would read
 * before its greeting. Here the light part shows the button at once and owns whether it is open;
 * the dropdown's module loads once the first screen is shown and the browser is idle, or as soon
 * as the pointer or the focus reaches the button. Pressed before the module is there, the button
 * opens its dropdown when it arrives, and the focus stays on the (new) button. A module that
 * arrives while the button is held down waits for the release: swapping the button between
 * pointerdown and pointerup would make the browser drop the click.
 */
export function deferredDropdown<P extends object>(importer: () => Promise<{ default: ComponentType<P & DropdownProps> }>, popup: 'menu' | 'dialog') {
  let loaded: ComponentType<P & DropdownProps> | null = null;
  let loading: Promise<ComponentType<P & DropdownProps>> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined; // a failed download may be asked again
        throw error;
      },
    ));

  function DeferredDropdown(props: P & { target: DropdownProps['target'] }) {
    const [Dropdown, setDropdown] = useState(() => loaded);
    const [opened, setOpened] = useState(false);
    const placeholder = useRef<HTMLElement>(null);
    // The button had the focus when the module arrived: its successor takes it, once.
    const focusPending = useRef(false);
    const focusOnce = useCallback((node: HTMLElement | null) => {
      if (node && focusPending.current) {
        focusPending.current = false;
        node.focus();
      }
    }, []);
    // The button is held down, and the module that arrived meanwhile waits for its release.
    const pressing = useRef(false);
    const waiting = useRef<ComponentType<P & DropdownProps> | null>(null);
    const swap = useCallback((component: ComponentType<P & DropdownProps>) => {
      focusPending.current = !!placeholder.current && placeholder.current === document.activeElement;
      setDropdown(() => component);
    }, []);
    const press = useCallback(() => {
      pressing.current = true;
      // The click follows the release in the same task: the swap comes after it.
      const release = () =>
        setTimeout(() => {
          pressing.current = false;
          if (waiting.current) swap(waiting.current);
        }, 0);
      document.addEventListener('pointerup', release, { once: true, capture: true });
      document.addEventListener('pointercancel', release, { once: true, capture: true });
    }, [swap]);

    // Once here, the module replaces the button; a failed download is asked again on the next
    // pointer, focus or press. (A state set after unmounting is ignored.)
    const arrive = useCallback(
      () =>
        void load().then(
          (component) => (pressing.current ? (waiting.current = component) : swap(component)),
          () => undefined,
        ),
      [swap],
    );
    useEffect(() => {
      if (!Dropdown) afterFirstScreen(arrive);
    }, [Dropdown, arrive]);

    const { target, ...rest } = props;
    if (Dropdown) {
      // The kit's Menu opens and closes from its button; a controlled Popover leaves that to the button.
      const toggle = popup === 'dialog' ? { onClick: () => setOpened((o) => !o) } : {};
      return <Dropdown {...(rest as P)} target={cloneElement(target, { ref: focusOnce, ...toggle })} opened={opened} onChange={setOpened} />;
    }
    return cloneElement(target, {
      ref: placeholder,
      'aria-haspopup': popup,
      'aria-expanded': false,
      onPointerEnter: arrive,
      onPointerDown: press,
      onFocus: arrive,
      onClick: () => {
        setOpened(true);
        arrive();
      },
    });
  }
  return Object.assign(DeferredDropdown, { load });
}
