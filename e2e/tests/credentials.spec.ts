import { expect, test } from '../fixtures';

test.describe('issuer staff on the credentials list', () => {
  test.beforeEach(async ({ loggedInAs }) => {
    await loggedInAs('issuer', '/credentials');
  });

  test('sees the seeded credential exchanges, newest first, with names instead of ids', async ({ page }) => {
    const table = page.getByRole('table', { name: 'Credential exchanges' });
    await expect(table.getByRole('row')).toHaveCount(26); // header + a page of 25
    await expect(table.getByRole('cell', { name: 'Faber College' }).first()).toBeVisible();
    await expect(page.getByText('Records 1–25 (more on the next page)')).toBeVisible();
    const started = await table.locator('tbody tr td:first-child a').evaluateAll((links) => links.map((a) => a.getAttribute('title') ?? ''));
    expect(started.length).toBe(25);
    await page.screenshot({ path: test.info().outputPath('credentials-list.png'), fullPage: true });
  });

  test('filters by state and role through the URL, and pages past the first page', async ({ page }) => {
    await page.getByLabel('State', { exact: true }).selectOption('request-received');
    await expect(page).toHaveURL(/state=request-received/);
    const rows = page.getByRole('table', { name: 'Credential exchanges' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const badge of await rows.locator('td:nth-child(4)').allInnerTexts()) expect(badge).toBe('Request received');
    await expect(rows.locator('td:last-child').first()).toHaveText('Issue credential');

    await page.getByLabel('State', { exact: true }).selectOption('');
    await page.getByLabel('Role', { exact: true }).selectOption('holder');
    await expect(page).toHaveURL(/role=holder/);
    for (const role of await rows.locator('td:nth-child(5)').allInnerTexts()) expect(role).toBe('Holder');

    await page.getByLabel('Role', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/offset=25/);
    await expect(page.getByText(/^Records 26–/)).toBeVisible();
    await page.goBack();
    await expect(page.getByText(/^Records 1–25/)).toBeVisible();

    await page.getByLabel('Per page').selectOption('100');
    await expect(page).toHaveURL(/size=100/);
    await expect(page.getByText(/^Records 1–\d+$/)).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(60);
  });

  test('filters by connection, chosen by its name', async ({ page }) => {
    await page.getByLabel('Connection').selectOption({ label: 'Bob Smith' });
    await expect(page).toHaveURL(/connection_id=/);
    const names = await page.getByRole('table', { name: 'Credential exchanges' }).locator('tbody td:nth-child(2)').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Bob Smith']));
  });

  test('a filter that matches nothing says so and can be cleared', async ({ page }) => {
    await page.getByLabel('Thread id').fill('no-such-thread');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('heading', { name: 'No credential exchanges match these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByRole('table', { name: 'Credential exchanges' })).toBeVisible();
  });

  test('a record opens on its own page, and the deep link survives a reload', async ({ page }) => {
    await page.getByLabel('State', { exact: true }).selectOption('abandoned');
    await page.getByRole('table', { name: 'Credential exchanges' }).locator('tbody tr a').first().click();
    await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('alert').filter({ hasText: 'The agent reported an error' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Exchange' })).toBeVisible();
    await expect(page.getByText('Abandoned').first()).toBeVisible();
  });

  test('an unknown record id shows not found', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    await page.goto('/credentials/7d1c0a4e-2b7a-4c3e-9d1a-0a0b0c0d0e0f');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  });
});

test('the verifier sees presentation exchanges with their verification result', async ({ loggedInAs }) => {
  const page = await loggedInAs('verifier', '/presentations?state=done&role=verifier');
  const table = page.getByRole('table', { name: 'Presentation exchanges' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const results = await table.locator('tbody td:nth-child(7)').allInnerTexts();
  expect(results.every((r) => r === 'Verified' || r === 'Failed verification')).toBe(true);
});

test('the admin sees the wallet of the agent', async ({ loggedInAs }) => {
  const page = await loggedInAs('admin', '/wallet');
  await expect(page.getByText('credence-sandbox')).toBeVisible();
  await expect(page.getByText('askar', { exact: true })).toBeVisible();
});
