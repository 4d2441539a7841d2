import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './settings';

export type Role = 'admin' | 'issuer' | 'verifier';

/** Logs in through the login form, as a person would. */
export async function logIn(page: Page, role: Role, path = '/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(role);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

interface ConsoleGuard {
  /** Lets console errors matching `pattern` pass, for a test that provokes them on purpose. */
  allow(pattern: RegExp): void;
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

interface Fixtures {
  /** Fails the test on any console error the test did not expect. */
  consoleErrors: ConsoleGuard;
  /**
   * The page, logged in as `role` and at `path`. The first test of a worker logs in through the form; later
   * ones reuse that session's cookies (the storage state), and log in through the form again if it has ended.
   */
  loggedInAs: (role: Role, path?: string) => Promise<Page>;
}

interface WorkerFixtures {
  /** Each console's session cookies by role (key: base URL and role), for this worker's tests. */
  savedLogins: Map<string, Cookies>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  savedLogins: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // Chromium's "Failed to load resource" names the URL only in the message's location: patterns see both.
        const line = `${message.text()} (${message.location().url})`;
        if (allowed.some((pattern) => pattern.test(line))) return;
        // Chromium logs every 401/403 answer; those are the auth flow under test, not app failures.
        if (/Failed to load resource: the server responded with a status of 40[13]/.test(line)) return;
        errors.push(line);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  loggedInAs: async ({ page, baseURL, savedLogins }, use) => {
    await use(async (role, path = '/') => {
      const key = `${baseURL} ${role}`;
      const saved = savedLogins.get(key);
      if (saved) {
        await page.context().addCookies(saved);
        await page.goto(path);
        const logOut = page.getByRole('button', { name: 'Log out' });
        await expect(logOut.or(page.getByLabel('Password'))).toBeVisible();
        if (await logOut.isVisible()) return page;
        // The session ended (a test logged out, or the console restarted): log in again.
        savedLogins.delete(key);
        await page.context().clearCookies();
      }
      await logIn(page, role, path);
      savedLogins.set(key, await page.context().cookies());
      return page;
    });
  },
});

export { expect };
