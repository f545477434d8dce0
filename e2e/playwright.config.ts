import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS } from './chromium';

// The config is evaluated by the runner and again by each worker; the port and the fresh data folder are chosen
// once and handed down through the environment.
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString().trim();
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  // Two cores: one browser at a time keeps the server and the journeys from starving each other.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } }],
  webServer: {
    // The production build (`npm run test:e2e` builds the SPA and the server first) served by the compiled server
    // on a fresh, seeded database; the dev mailbox is on.
    command: 'node build/server/main.js',
    cwd: path.resolve(__dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      BCRYPT_COST: '6',
      TOKEN_SECRET: 'e2e-secret',
      LOG_LEVEL: 'warn',
      // Checkout journeys pay on the sandbox's page; it is off unless switched on.
      PAYMENTS_SANDBOX: 'on',
      DEMO_SHOP: 'on',
      // Every browser of the run comes from 127.0.0.1: one shopper's limit would leave later pages unrendered.
      PAGE_RENDERS_PER_MINUTE: '100000',
      SPEC_CATALOGUE_PER_MINUTE: '100000',
      // The back office journeys sign the demo owner in more than ten times a minute on a quick machine.
      LOGIN_PER_EMAIL_PER_MINUTE: '1000',
    },
  },
});
