import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { OIDC_PROVIDER_NAME, startOidcSetup, type OidcSetup } from '../oidc-setup';
import { SANDBOX_API_KEY, TENANT_SIGN_IN_BFF_PORT, TENANT_SIGN_IN_PROVIDER_PORT, TENANT_SIGN_IN_SANDBOX_PORT, WEBHOOK_SECRET } from '../settings';
import { hashPassword } from '../../bff/src/auth/passwords';
import { TEST_OIDC_PASSWORD, TEST_ROLE_MAP } from '../../bff/src/test/oidc-provider';

/**
 * Signing in to an organisation (decision 034): a multitenant sandbox console (Northfield University, City
 * Library) with a users file and a provider whose `groups` name each account's organisation. The spec starts
 * both, and stops them after.
 */
let setup: OidcSetup | undefined;
const RITA_PASSWORD = 'rita-password-123';

test.use({ baseURL: `http://127.0.0.1:${TENANT_SIGN_IN_BFF_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const usersFile = join(mkdtempSync(join(tmpdir(), 'credence-tenant-users-')), 'users.json');
  writeFileSync(
    usersFile,
    JSON.stringify({ users: [{ username: 'rita', role: 'verifier', tenant: 'Riverside College', passwordHash: await hashPassword(RITA_PASSWORD) }] }),
  );
  setup = await startOidcSetup({
    bffPort: TENANT_SIGN_IN_BFF_PORT,
    sandboxPort: TENANT_SIGN_IN_SANDBOX_PORT,
    providerPort: TENANT_SIGN_IN_PROVIDER_PORT,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sandboxEnv: { SANDBOX_MULTITENANT: 'true' },
    bffEnv: {
      ACAPY_MULTITENANT: 'true',
      CREDENCE_SANDBOX: 'true',
      CREDENCE_USERS_FILE: usersFile,
      OIDC_ROLE_MAP: `${TEST_ROLE_MAP},credence-operators=operator`,
      OIDC_TENANT_CLAIM: 'groups',
      OIDC_TENANT_MAP: 'org-north=Northfield University',
    },
  });
  // `groups` holds each account's roles and, for these, its organisation.
  setup.provider.accounts.uma = { password: TEST_OIDC_PASSWORD, name: 'Uma University', roles: ['credence-issuers', 'org-north'] };
  setup.provider.accounts.rex = { password: TEST_OIDC_PASSWORD, name: 'Rex Riverside', roles: ['credence-issuers', 'org-riverside'] };
});

test.afterAll(async () => {
  await setup?.stop();
});

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${OIDC_PROVIDER_NAME}` }).click();
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(TEST_OIDC_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('a user whose organisation is not set up here is told so at the login form, and stays there', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Username').fill('rita');
      await page.getByLabel('Password').fill(RITA_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Your organisation “Riverside College” is not set up in Credence; ask the operator.')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await page.screenshot({ path: test.info().outputPath(`tenant-refused-${size.viewport.width}.png`) });
    });

    test('a provider account is signed in to the organisation its claim names, and the header names it', async ({ page }) => {
      await signInAtProvider(page, 'uma');
      await expect(page).toHaveURL(/\/credentials$/);
      // On a phone the header's user and organisation are under the Menu.
      if (size.viewport.width < 600) await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('group', { name: 'Current user' })).toContainText('Northfield University');
    });

    test('a provider account naming no organisation set up here gets a page that says why', async ({ page }) => {
      await signInAtProvider(page, 'rex');
      await expect(page.getByRole('heading', { name: 'No organisation in Credence for this account' })).toBeVisible();
      await expect(page.getByText('Your organisation “org-riverside” is not set up in Credence; ask the operator.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
      expect(await violations(page), 'axe on the refusal page').toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`tenant-provider-refused-${size.viewport.width}.png`), fullPage: true });
    });
  });
}
