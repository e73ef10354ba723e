import { useEffect } from 'react';

const tasks: Array<() => void> = [];
let shown = false;

const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 500));

/**
 * Run `task` once the first screen is shown and the browser is idle: what can wait (the rest of
 * the kit's styles on a first page, the notifications' container) does not compete with the
 * first screen for the network (decision 0945).
 */
export function afterFirstScreen(task: () => void): void {
  if (shown) idle(task);
  else tasks.push(task);
}

/** Called by each screen once shown: marks the moment (`ouvrage:first-screen`) and runs what waited. */
export function useFirstScreenShown(): void {
  useEffect(() => {
    if (shown) return;
    shown = true;
    performance.mark('ouvrage:first-screen');
    for (const task of tasks.splice(0)) idle(task);
  }, []);
}
