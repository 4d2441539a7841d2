import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Credential exchanges' });

/** The rows once the list shows the answer to the current URL (not the previous page kept on screen). */
async function settledRows(page: Page): Promise<Locator> {
  await expect(table(page)).not.toHaveAttribute('aria-busy');
  const rows = table(page).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows;
}

test.describe('issuer staff on the credentials list', () => {
  test.beforeEach(async ({ loggedInAs }) => {
    await loggedInAs('issuer', '/credentials');
  });

  test('sees the seeded credential exchanges, newest first, with names instead of ids', async ({ page }) => {
    const rows = await settledRows(page);
    await expect(rows).toHaveCount(25);
    await expect(table(page).getByRole('cell', { name: 'Faber College' }).first()).toBeVisible();
    await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
    const started = await rows.locator('td:first-child time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(started).toHaveLength(25);
    expect(started).toEqual([...started].sort().reverse());
    await page.screenshot({ path: test.info().outputPath('credentials-list.png'), fullPage: true });
  });

  test('filters by state and role through the URL, survives a reload, and pages past the first page', async ({ page }) => {
    await page.getByLabel('State', { exact: true }).selectOption('request-received');
    await expect(page).toHaveURL(/state=request-received/);
    let rows = await settledRows(page);
    for (const badge of await rows.locator('td[data-label="State"] .badge').allInnerTexts()) expect(badge).toBe('Request received');
    await expect(rows.locator('td:last-child').first()).toHaveText('Issue credential');

    await page.reload();
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('request-received');
    rows = await settledRows(page);
    for (const badge of await rows.locator('td[data-label="State"] .badge').allInnerTexts()) expect(badge).toBe('Request received');

    await page.getByLabel('State', { exact: true }).selectOption('');
    await page.getByLabel('Role', { exact: true }).selectOption('holder');
    await expect(page).toHaveURL(/role=holder/);
    rows = await settledRows(page);
    for (const role of await rows.locator('td[data-label="Role"]').allInnerTexts()) expect(role).toBe('Holder');

    await page.getByLabel('Role', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/offset=25/);
    await expect(page.getByText(/^26–50 of \d+$/)).toBeVisible();
    await page.goBack();
    await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();

    await page.getByLabel('Per page').selectOption('100');
    await expect(page).toHaveURL(/size=100/);
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
    rows = await settledRows(page);
    expect(await rows.count()).toBeGreaterThanOrEqual(60);
  });

  test('filters by connection, chosen by its name', async ({ page }) => {
    await page.getByLabel('Connection').selectOption({ label: 'Bob Smith' });
    await expect(page).toHaveURL(/connection_id=/);
    const rows = await settledRows(page);
    const names = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Bob Smith']));
  });

  test('a filter that matches nothing says so and can be cleared', async ({ page }) => {
    await page.getByText('More filters').click();
    await page.getByLabel('Thread id').fill('no-such-thread');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No credential exchanges match these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(table(page)).toBeVisible();
  });

  test('a page past the last record offers the way back', async ({ page }) => {
    await page.goto('/credentials?offset=5000');
    await expect(page.getByRole('heading', { name: 'No more credential exchanges on this page' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to the first page' }).click();
    await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  });

  test('a record opens on its own page, and the deep link survives a reload', async ({ page }) => {
    await page.getByLabel('State', { exact: true }).selectOption('abandoned');
    // One the agent still has (others' journeys leave abandoned ones it removed).
    await page.getByText('More filters').click();
    await page.getByLabel('On the agent').selectOption('Still on the agent');
    await expect(page).toHaveURL(/removed=false/);
    const rows = await settledRows(page);
    await rows.locator('a').first().click();
    await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('alert').filter({ hasText: /^Abandoned:/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Exchange' })).toBeVisible();
    await expect(page.getByText('Abandoned').first()).toBeVisible();
  });

  for (const id of ['7d1c0a4e-2b7a-4c3e-9d1a-0a0b0c0d0e0f', 'not-an-id']) {
    test(`an unknown record id (${id}) says plainly there is no such exchange`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 40[04]/);
      await page.goto(`/credentials/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'No credential exchange with this id' })).toBeVisible();
      await expect(page.getByText(id, { exact: true })).toBeVisible();
      await expect(page.getByText(/Invalid path/)).toHaveCount(0);
      await page.getByRole('link', { name: 'All credential exchanges' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Credential exchanges' })).toBeVisible();
    });
  }
});

test('the verifier sees presentation exchanges with their verification result', async ({ loggedInAs }) => {
  const page = await loggedInAs('verifier', '/presentations?state=done&role=verifier');
  const presentations = page.getByRole('table', { name: 'Presentation exchanges' });
  await expect(presentations).not.toHaveAttribute('aria-busy');
  await expect(presentations.locator('tbody tr').first()).toBeVisible();
  const results = await presentations.locator('tbody td[data-label="Result"]').allInnerTexts();
  expect(results.length).toBeGreaterThan(0);
  expect(results.every((r) => r === 'Verified' || r === 'Failed verification')).toBe(true);
});

test('the admin sees the wallet of the agent', async ({ loggedInAs }) => {
  const page = await loggedInAs('admin', '/wallet');
  await expect(page.locator('dd').getByText('credence-sandbox')).toBeVisible();
  await expect(page.locator('dd').getByText('askar', { exact: true })).toBeVisible();
});
