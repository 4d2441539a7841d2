import { test as base, expect, type Page } from '@playwright/test';
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

interface Fixtures {
  /** Fails the test on any console error the test did not expect. */
  consoleErrors: ConsoleGuard;
  loggedInAs: (role: Role, path?: string) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
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
  loggedInAs: async ({ page }, use) => {
    await use(async (role, path = '/') => {
      await logIn(page, role, path);
      return page;
    });
  },
});

export { expect };
