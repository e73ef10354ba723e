import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests in Debian's Chromium against the built app served by the real API on a fresh
 * embedded database (demo data seeded). scripts/e2e.mjs prepares the data directory.
 */
export default defineConfig({
  testDir: './e2e',
  // Parallel runs (several people on one machine) each give their own output and build directories.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node --import tsx ../api/src/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '../../.tmp/e2e-data',
      WEB_DIST: process.env.E2E_WEB_DIST ?? '../web/dist',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
