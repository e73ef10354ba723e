import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataRoot = process.env.E2E_DATA_DIR ?? '../../.tmp/e2e-data';
/** Browsers at once: 2 by default (a 2-core machine), E2E_WORKERS to change. */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * The specs in three groups, run one group after the other against one server on one fresh
 * embedded database seeded with the demo data (decision 1110):
 *
 * - « lecture »: specs that only read the demo accounts' screens (no change to anything another
 *   spec reads). They run first, on the demo data as seeded, several at once.
 * - « démo »: specs that change or count what every spec shares — the demo admin's lists and
 *   figures, a demo account's sessions (a logout ends them all), the outbox. One at a time.
 * - « données propres »: specs that make their own accounts, projects and documents and only look
 *   at those: several at once, test by test.
 *
 * A new spec falls in « données propres »: make it own its data, or list it here.
 * scripts/e2e.mjs runs the groups in turn (one Playwright run each, so a failure in one group
 * does not hide the others); run alone, this config chains them through `dependencies` — so give
 * Playwright `--no-deps` with a spec file, or it runs every test of the groups before (e2e.mjs does).
 */
const READ_ONLY = [
  'accessibility.spec.ts',
  'dashboards.spec.ts',
  'keyboard-menu.spec.ts',
  'pdf-viewer.spec.ts',
  'phone-layout.spec.ts',
  'phone-pass.spec.ts',
  'seal-verification.spec.ts',
];
const SHARED_STATE = [
  'activity.spec.ts',
  'admin-dashboard.spec.ts',
  'bank-transfer.spec.ts',
  'catalog-and-dates.spec.ts',
  'documents.spec.ts',
  'first-use.spec.ts',
  'foundation.spec.ts',
  'price-references-client.spec.ts',
  'professionals.spec.ts',
  'projects.spec.ts',
  'tenders.spec.ts',
  'trade-names.spec.ts',
];
const files = (names: string[]) => names.map((name) => `**/${name}`);

/**
 * End-to-end tests in Debian's Chromium against the built app served by the real API.
 * scripts/e2e.mjs empties the data directory first.
 */
export default defineConfig({
  testDir: './e2e',
  // Parallel runs (several people on one machine) each give their own output and build directories.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results/e2e',
  workers,
  // One more try for a test that failed, under the load of a full run on 2 cores; the list
  // reporter names every test that needed it « flaky »: a bug to find, not to forget (decision 1241).
  retries: 1,
  // Limits for a hang, not for a slow machine: two browsers, the server and, in scripts/test.sh,
  // the API tests on PostgreSQL share 2 cores (decision 1110).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'lecture', testMatch: files(READ_ONLY), fullyParallel: true },
    { name: 'démo', testMatch: files(SHARED_STATE), fullyParallel: false, workers: 1, dependencies: ['lecture'] },
    { name: 'données propres', testIgnore: files([...READ_ONLY, ...SHARED_STATE]), fullyParallel: true, dependencies: ['démo'] },
  ],
  webServer: {
    command: `node --import tsx ../api/src/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A fresh database is migrated and seeded with the demo data first: minutes on a loaded machine.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataRoot,
      WEB_DIST: process.env.E2E_WEB_DIST ?? '../web/dist',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      // The fake plateforme agréée beside the server (decision 1215): e-invoicing.spec plays its buyer.
      FAKE_PA_PORT: String(port + 1),
    },
  },
});
