import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Two files at a time: Vitest's default on 2 cores is one (cores − 1), leaving a core idle
          // while a file starts jsdom and imports the kit (decision 1110).
          maxWorkers: 2,
          // A component test on a loaded machine (the end-to-end tests run beside, decision 1110) can
          // take far longer than Vitest's 5 s default: the limit catches a test that hangs, not a slow
          // one (nothing here measures speed). No file sets a lower one.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          // Limits that catch a hang, not a slow machine: a file's tests took over 30 s when six runs
          // shared the 2 cores (decision 1110).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file gets its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // The files of a worker share their modules, imported once: importing the app for each
          // file took 150 s of the run's 340 s (decision 0978). Each file still builds its own app
          // on its own database (helpers.ts), and the app keeps its state per instance (WeakMaps
          // keyed by its dependencies), not in its modules.
          isolate: false,
          setupFiles: ['apps/api/test/setup.ts'],
          // One migrated database per run, copied by each file (decision 0860).
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
    ],
  },
});
