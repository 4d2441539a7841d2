import { DEMO_PASSWORD } from '../settings';
import { expect, logIn, test, type Role } from '../fixtures';

const navigationByRole: Record<Role, { shown: string[]; hidden: string[]; home: RegExp }> = {
  issuer: { shown: ['Credentials'], hidden: ['Presentations', 'Revocation', 'Wallet', 'Audit'], home: /\/credentials$/ },
  verifier: { shown: ['Presentations'], hidden: ['Credentials', 'Revocation', 'Wallet', 'Audit'], home: /\/presentations$/ },
  admin: { shown: ['Credentials', 'Presentations', 'Revocation', 'Wallet', 'Audit'], hidden: [], home: /\/credentials$/ },
};

for (const [role, nav] of Object.entries(navigationByRole) as [Role, (typeof navigationByRole)[Role]][]) {
  test(`${role} logs in and sees the navigation of that role`, async ({ page }) => {
    await logIn(page, role);
    await expect(page).toHaveURL(nav.home);
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const label of nav.shown) await expect(main.getByRole('link', { name: label })).toBeVisible();
    for (const label of nav.hidden) await expect(main.getByRole('link', { name: label })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Current user' })).toHaveText(`${role} ${role}`);
  });
}

test('a wrong password is refused with a message and the form keeps the username', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('issuer');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page.getByLabel('Username')).toHaveValue('issuer');
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty form is checked before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter your username')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
});

test('a visit while logged out asks nothing that is refused on its way to the login page (no 401 in the console)', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.goto('/credentials');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(refused).toEqual([]);
});

test('a deep link while logged out leads to login and back to the same page', async ({ page }) => {
  await page.goto('/credentials?state=request-received');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Username').fill('issuer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/credentials\?state=request-received$/);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('request-received');
});

// @serial: its list must settle to be paged; journeys beside it keep adding exchanges, and each refetches it.
test('when the session ends, the next request leads to login and back', { tag: '@serial' }, async ({ page, context }) => {
  await logIn(page, 'issuer', '/credentials');
  await expect(page.getByRole('table', { name: 'Credential exchanges' })).toBeVisible();
  // The stream's first 'ready' fetches the list again: the session ends only once that is done, or the
  // refetch (not the click) would be the request that meets the ended session.
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await context.clearCookies();
  await next.click();
  await expect(page.getByText('Your session ended. Log in again to continue.')).toBeVisible();
  await page.getByLabel('Username').fill('issuer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/credentials\?offset=25$/);
});

test('logging out ends the session on the server', async ({ page }) => {
  await logIn(page, 'admin', '/credentials');
  await page.getByRole('button', { name: 'Log out' }).click();
  // A list's live refetch may meet the ended session first and lead to login with the page to come back to.
  await expect(page).toHaveURL(/\/login(\?next=%2Fcredentials)?$/);
  expect((await page.request.get('/api/session')).status()).toBe(401);
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login\?next=%2Fwallet$/);
});

test('a role is kept out of another role’s pages', async ({ page }) => {
  await logIn(page, 'verifier', '/credentials');
  await expect(page).toHaveURL(/\/presentations$/);
  expect((await page.request.get('/api/issue-credential-2.0/records')).status()).toBe(403);
});
