import { expect, type Browser, type Page } from '@playwright/test';
import { violations } from '../axe';
import { test } from '../fixtures';
import { DEMO_PASSWORD } from '../settings';

/**
 * The multitenant console (project "multitenant"): each organisation's staff work in their own wallet. The
 * sandbox seeds Northfield University (askar-anoncreds) and City Library (askar) with their demo users
 * (`university-issuer`, `library-admin`, …). One at a time: the library's wallet upgrade would answer the
 * library's other journeys 503 while it runs.
 */
test.describe.configure({ mode: 'serial' });

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

async function logInAs(page: Page, username: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

async function signedIn(browser: Browser, username: string, viewport: { width: number; height: number }, path = '/') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await logInAs(page, username, path);
  return { page, close: () => context.close() };
}

interface ExchangePage {
  results: { cred_ex_record: { cred_ex_id: string } }[];
}

for (const size of sizes) {
  test(`a university issuer offers and issues in the university’s wallet, and the header names the organisation (${size.name}) @multitenant`, async ({
    browser,
  }) => {
    const { page, close } = await signedIn(browser, 'university-issuer', size.viewport, '/credentials');
    // On a phone the header's user and organisation are under the Menu.
    if (size.viewport.width < 600) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('group', { name: 'Current user' })).toContainText('Northfield University');
    await page.goto('/credentials/new');
    await page.getByLabel('Credential to offer').selectOption({ index: 1 });
    await page.getByLabel('Connection').selectOption({ index: 1 });
    // Every value the chosen credential asks for, typed as a clerk would (dates through their pickers' format).
    const fields = page.locator('.offer-values input');
    for (let i = 0; i < (await fields.count()); i++) {
      const field = fields.nth(i);
      await field.fill((await field.getAttribute('type')) === 'date' ? '2001-04-15' : `Value ${i + 1}`);
    }
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send offer' }).click();
    await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
    const issue = page.getByRole('button', { name: 'Issue credential' });
    await expect(issue).toBeVisible();
    await issue.click();
    await expect(page.getByText('Credential issued', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`university-issued-${size.viewport.width}.png`), fullPage: true });
    await close();
  });

  test(`a library issuer never sees the university’s exchanges, in lists or by their address (${size.name}) @multitenant`, async ({ browser }) => {
    const university = await signedIn(browser, 'university-issuer', size.viewport, '/credentials');
    const theirs = ((await (await university.page.request.get('/api/issue-credential-2.0/records?limit=100')).json()) as ExchangePage).results.map(
      (r) => r.cred_ex_record.cred_ex_id,
    );
    expect(theirs.length).toBeGreaterThan(0);
    await university.close();

    const library = await signedIn(browser, 'library-issuer', size.viewport, '/credentials');
    const page = library.page;
    const table = page.getByRole('table', { name: 'Credential exchanges' });
    await expect(table).not.toHaveAttribute('aria-busy');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const shown = await table.locator('a[href^="/credentials/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((href) => theirs.some((id) => href.endsWith(id)))).toEqual([]);
    // The register's search, by one of the university's exchange ids: nothing.
    const search = (await (await page.request.get(`/api/register/exchanges?kind=credential&q=${encodeURIComponent(theirs[0]!)}`)).json()) as {
      results: unknown[];
    };
    expect(search.results).toEqual([]);
    // Its address, typed by hand: not found in this organisation's wallet.
    await page.goto(`/credentials/${theirs[0]}`);
    await expect(page.getByRole('heading', { level: 1, name: 'No credential exchange with this id' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`library-not-theirs-${size.viewport.width}.png`), fullPage: true });
    await library.close();
  });
}

test('the library’s admin upgrades its askar wallet while the university keeps working @multitenant', async ({ browser }) => {
  test.setTimeout(90_000);
  const library = await signedIn(browser, 'library-admin', { width: 1400, height: 900 }, '/wallet');
  const university = await signedIn(browser, 'university-issuer', { width: 390, height: 844 }, '/credentials');
  const page = library.page;
  await expect(page.getByText('City Library').first()).toBeVisible();
  await expect(page.locator('dd').getByText('askar', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByLabel('I have backed up the wallet and its key.').check();
  await page.getByLabel('I have tested the upgrade on a copy outside production.').check();
  // The name the agent's admin route gives the tenant's wallet, not its label.
  await page.getByLabel(/Type the wallet name/).fill('city-library');
  await page.getByRole('button', { name: 'Upgrade wallet (irreversible)' }).click();

  // Meanwhile the university's lists load as ever, on a phone.
  await university.page.reload();
  const table = university.page.getByRole('table', { name: 'Credential exchanges' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(university.page.getByRole('alert')).toHaveCount(0);

  await expect(page.locator('dd').getByText('askar-anoncreds', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('library-upgraded-1400.png'), fullPage: true });
  await university.close();
  await library.close();
});
