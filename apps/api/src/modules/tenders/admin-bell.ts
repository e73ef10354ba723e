import type { LiveNotifier } from '../notifications';

/** The longest the admin's badge is answered from memory (decision 0967). */
export const ADMIN_BELL_REMEMBERED_MS = 10_000;

interface Summary {
  count: number;
  nextDeadline: Date | null;
}

/**
 * The admin's bell counts every available tender of the platform (3 600 at a million projects:
 * an index walk and a probe each, ≈ 3–6 ms), and every admin's screen asks for it. This instance
 * keeps the last answer until a tender changes anywhere (the live events reach every instance,
 * decision 0801), the first of those tenders expires, or ADMIN_BELL_REMEMBERED_MS pass, whichever
 * comes first. A read that started before a change never stores its (older) answer: a generation
 * number counts the changes. A professional's bell is cheap and never remembered.
 */
export function adminBellMemory(notifier: LiveNotifier, clock: { now(): Date }) {
  let remembered: { summary: Summary; until: number } | null = null;
  let generation = 0;
  const forget = () => {
    generation += 1;
    remembered = null;
  };
  const unsubscribe = notifier.subscribe({ id: 0, admin: true }, (event) => {
    if (event.type === 'tenders') forget();
  });
  return {
    async read(load: () => Promise<Summary>): Promise<Summary> {
      const now = clock.now().getTime();
      if (remembered && now < remembered.until) return remembered.summary;
      const started = generation;
      const summary = await load();
      if (started === generation) {
        const deadline = summary.nextDeadline?.getTime() ?? Infinity;
        remembered = { summary, until: Math.min(now + ADMIN_BELL_REMEMBERED_MS, deadline) };
      }
      return summary;
    },
    forget,
    close: unsubscribe,
  };
}

export type AdminBellMemory = ReturnType<typeof adminBellMemory>;
