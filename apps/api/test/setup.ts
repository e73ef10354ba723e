import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test (epic-stack habit): errors must be handled, not printed.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error inattendu : ${args.map(String).join(' ')}`);
  });
});
afterEach(() => spy?.mockRestore());
