import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { OIDC_BFF_PORT, OIDC_PROVIDER_PORT, OIDC_SANDBOX_PORT, SANDBOX_API_KEY, WEBHOOK_SECRET } from '../settings';
import { OIDC_PROVIDER_NAME, startOidcSetup, type OidcSetup } from '../oidc-setup';
import { TEST_OIDC_PASSWORD } from '../../bff/src/test/oidc-provider';

/**
 * Sign-in through the organisation's OpenID provider: a real provider (oidc-provider) with accounts in each
 * role and one without, and a console with no local users. The spec starts both, and stops them after.
 */
let setup: OidcSetup | undefined;

test.use({ baseURL: `http://127.0.0.1:${OIDC_BFF_PORT}` });

/** How the header names the provider beside its user (its issuer's host), so no one takes them for a local user. */
const VIA = `· via 127.0.0.1:${OIDC_PROVIDER_PORT}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  setup = await startOidcSetup({
    bffPort: OIDC_BFF_PORT,
    sandboxPort: OIDC_SANDBOX_PORT,
    providerPort: OIDC_PROVIDER_PORT,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
});

test.afterAll(async () => {
  await setup?.stop();
});

const button = `Sign in with ${OIDC_PROVIDER_NAME}`;

/** From the console's login page through the provider's login form, as a person does it. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: button }).click();
  await expect(page.getByRole('heading', { name: `Sign in to ${OIDC_PROVIDER_NAME}` })).toBeVisible();
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(TEST_OIDC_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Log out of the console; the provider asks to end its session too, and sends the browser back to login. */
async function logOutOfBoth(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: `Sign out of ${OIDC_PROVIDER_NAME}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: button })).toBeVisible();
}

test('the login page offers only the provider when the console has no local users, and passes axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: button })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  expect(await violations(page), 'axe on the login page').toEqual([]);
  await page.screenshot({ path: 'test-results/oidc-login.png', fullPage: true });
});

const journeys = [
  { login: 'ana', name: 'Ana Admin', role: 'admin', home: /\/credentials$/, shown: ['Credentials', 'Presentations', 'Audit'], hidden: [] },
  { login: 'ivo', name: 'Ivo Issuer', role: 'issuer', home: /\/credentials$/, shown: ['Credentials'], hidden: ['Presentations', 'Audit'] },
  { login: 'vera', name: 'Vera Verifier', role: 'verifier', home: /\/presentations$/, shown: ['Presentations'], hidden: ['Credentials', 'Audit'] },
] as const;

for (const journey of journeys) {
  test(`${journey.name} signs in at the provider, works as ${journey.role}, and logging out ends both sessions`, async ({ page }) => {
    // Everything the console sends the browser, to check that no token is in it.
    const received: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().startsWith(setup!.url)) return;
      received.push(JSON.stringify(await response.allHeaders()));
      if (response.status() < 300 || response.status() >= 400) received.push(await response.text().catch(() => ''));
    });
    await page.goto('/');
    await signInAtProvider(page, journey.login);
    await expect(page).toHaveURL(journey.home);
    await expect(page.getByRole('group', { name: 'Current user' })).toHaveText(`${journey.name} ${VIA} ${journey.role}`);
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const label of journey.shown) await expect(main.getByRole('link', { name: label })).toBeVisible();
    for (const label of journey.hidden) await expect(main.getByRole('link', { name: label })).toHaveCount(0);
    // (Cookies are not told apart by port: the provider's own, on 127.0.0.1 too, are left out.)
    const cookies = (await page.context().cookies(setup!.url)).filter((c) => c.name.startsWith('credence'));
    expect(cookies.map((c) => c.name)).toEqual(['credence_session']);
    expect(cookies[0]!.httpOnly).toBe(true);
    expect([...received, ...cookies.map((c) => c.value)].join('\n')).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\./);

    await logOutOfBoth(page);
    // The provider's session is over too: signing in again asks for the password.
    await page.getByRole('link', { name: button }).click();
    await expect(page.getByRole('heading', { name: `Sign in to ${OIDC_PROVIDER_NAME}` })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeEmpty();
  });
}

test('an account with no mapped role is refused with a page that says what is missing', async ({ page }) => {
  await page.goto('/login');
  await signInAtProvider(page, 'nina');
  await expect(page.getByRole('heading', { name: 'No Credence role for this account' })).toBeVisible();
  await expect(page.getByText(`You signed in at ${OIDC_PROVIDER_NAME} as Nina Nobody`)).toBeVisible();
  await expect(page.getByText('Ask your IT administrator to give your account a Credence role')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'credence-issuers → issuer' })).toBeVisible();
  expect(await violations(page), 'axe on the refusal page').toEqual([]);
  await page.screenshot({ path: 'test-results/oidc-refused.png', fullPage: true });
  // No session: the console still sends this browser to log in.
  expect((await page.request.get('/api/session')).status()).toBe(401);
  // Another account: sign out of the provider first, from the page itself.
  await page.getByRole('link', { name: 'Use another account' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInAtProvider(page, 'vera');
  await expect(page.getByRole('group', { name: 'Current user' })).toHaveText(`Vera Verifier ${VIA} verifier`);
});

test('a deep link while signed out comes back to the same page after the provider', async ({ page }) => {
  await page.goto('/issued');
  await expect(page).toHaveURL(/\/login\?next=%2Fissued/);
  await signInAtProvider(page, 'ivo');
  await expect(page).toHaveURL(/\/issued$/);
  await expect(page.getByRole('group', { name: 'Current user' })).toHaveText(`Ivo Issuer ${VIA} issuer`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('signs in through the provider and out again', async ({ page }) => {
    await page.goto('/login');
    const link = page.getByRole('link', { name: button });
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/oidc-login-phone.png', fullPage: true });
    await signInAtProvider(page, 'vera');
    await expect(page).toHaveURL(/\/presentations$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    // The open menu shows who is signed in, with the provider, and keeps Log out in reach beside it.
    await expect(page.getByRole('group', { name: 'Current user' })).toHaveText(`Vera Verifier ${VIA} verifier`);
    await page.screenshot({ path: 'test-results/oidc-menu-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const logOut = (await page.getByRole('button', { name: 'Log out' }).boundingBox())!;
    expect(logOut.x + logOut.width).toBeLessThanOrEqual(390);
    await logOutOfBoth(page);
  });
});
