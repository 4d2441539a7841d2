import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANONCREDS_BFF_PORT,
  ANONCREDS_SANDBOX_PORT,
  BFF_PORT,
  DEMO_PASSWORD,
  MULTITENANT_BFF_PORT,
  MULTITENANT_SANDBOX_PORT,
  SANDBOX_API_KEY,
  SANDBOX_PORT,
  SERIAL_BFF_PORT,
  SERIAL_SANDBOX_PORT,
  UPGRADE_BFF_PORT,
  UPGRADE_SANDBOX_PORT,
  WEBHOOK_SECRET,
} from './settings';

// Debian's chromium, never a downloaded browser; these flags keep it off the closed network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function console_(port: number, sandboxPort: number, walletType: string, more: Record<string, string> = {}) {
  return {
    // The compiled console, as `pnpm start` runs it (the test command builds it first).
    command: 'pnpm run start',
    cwd: '../bff',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 90_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_WALLET_TYPE: walletType,
      SANDBOX_API_KEY,
      WEBHOOK_SECRET,
      // Streams end every few seconds, so every journey also runs across reconnections.
      SSE_MAX_STREAM_MS: '4000',
      SANDBOX_PEER_DELAY_MS: '300',
      SANDBOX_PEER_ACTIVITY_MS: '0',
      CREDENCE_DEMO_PASSWORD: DEMO_PASSWORD,
      SANDBOX_SEED: '7',
      SANDBOX_UPGRADE_MS: '2500',
      SANDBOX_RESTART_MS: '2000',
      // Each run starts with an empty audit log of its own.
      CREDENCE_DATA_DIR: mkdtempSync(join(tmpdir(), `credence-e2e-${port}-`)),
      SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
      ACAPY_ADMIN_URL: '',
      // A line per request would flood the run's output (and cost CPU the journeys need): warnings and errors only.
      LOG_LEVEL: 'warn',
      ...more,
    },
  };
}

/**
 * Journeys run side by side in several workers: each spec file is one unit (its tests in order, in one
 * worker), and a spec whose tests share nothing (accessibility.spec.ts) spreads its tests over all of them
 * with `test.describe.configure({ mode: 'parallel' })`. A journey that changes what others on the same
 * console see (takes the agent down, counts the audit log, publishes every pending revocation…) carries
 * the tag `@serial`: it runs in the "serial" project, one at a time, on a console of its own, while the
 * other journeys run (see e2e/README.md). E2E_WORKERS sets how many run at once in all (1 runs everything
 * one by one).
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Limits against a hung test, not speed checks: journeys side by side on 2 shared cores each go slower.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUT ?? 'test-results/results.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${BFF_PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'parallel', grepInvert: /@serial|@multitenant/ },
    // One at a time, on their own console, beside the parallel journeys (decision 029).
    { name: 'serial', grep: /@serial/, workers: 1, use: { baseURL: `http://127.0.0.1:${SERIAL_BFF_PORT}` } },
    // In front of a multitenant agent: the operator and the tenants' staff (issue 39).
    { name: 'multitenant', grep: /@multitenant/, grepInvert: /@serial/, use: { baseURL: `http://127.0.0.1:${MULTITENANT_BFF_PORT}` } },
  ],
  // The console as `pnpm start` runs it (sandbox agent + BFF serving web/dist), on test ports: one on
  // a standard (askar) wallet, one on an anoncreds wallet, one whose wallet a test upgrades, and the
  // @serial journeys' own (a standard wallet, seeded as the first).
  webServer: [
    console_(BFF_PORT, SANDBOX_PORT, 'askar'),
    console_(ANONCREDS_BFF_PORT, ANONCREDS_SANDBOX_PORT, 'askar-anoncreds'),
    console_(UPGRADE_BFF_PORT, UPGRADE_SANDBOX_PORT, 'askar'),
    console_(SERIAL_BFF_PORT, SERIAL_SANDBOX_PORT, 'askar'),
    // Its sandbox seeds two tenants (Northfield University, askar-anoncreds; City Library, askar) and their demo users.
    console_(MULTITENANT_BFF_PORT, MULTITENANT_SANDBOX_PORT, 'askar-anoncreds', { SANDBOX_MULTITENANT: 'true' }),
  ],
});
