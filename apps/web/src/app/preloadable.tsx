import { lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A lazily loaded component that can be asked to load ahead, and shows at once once it has. */
export interface PreloadableComponent<P extends object = object, M extends { default: ComponentType<P> } = { default: ComponentType<P> }> {
  (props: P): ReactElement;
  /** Start loading (once); resolves, with the module, when the component can show without suspending. */
  load: () => Promise<M>;
}

/**
 * `lazy()` for a part that is loaded ahead (the opened screen, its sections, the shell: decision
 * 0950). A lazy component suspends on its first render even when its module has arrived, and each
 * suspension shows the nearest loader and delays what follows (React reveals suspended content at
 * most every 300 ms). Once loaded, this one renders the component directly. Each mounted instance
 * keeps the kind it started with, so that nothing remounts when the module arrives.
 */
export function preloadable<P extends object = object, M extends { default: ComponentType<P> } = { default: ComponentType<P> }>(
  importer: () => Promise<M>,
): PreloadableComponent<P, M> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<M> | undefined;
  const load = (): Promise<M> => {
    if (!loading) {
      loading = importer();
      // Registered first, so `Loaded` is set before any caller's own continuation runs.
      loading.then(
        (module) => {
          Loaded = module.default;
        },
        () => {
          loading = undefined; // a failed download may be asked again
        },
      );
    }
    return loading;
  };
  const Lazy = lazy(load);
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => Loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { load });
}
