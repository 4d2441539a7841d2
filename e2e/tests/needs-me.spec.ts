import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Nothing runs off the side of the window. */
async function fitsTheWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const size of sizes) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('an issuer clerk’s Needs me: the issuer’s work grouped by kind with counts, the holder’s only when asked, the order kept in the address', async ({
      loggedInAs,
    }) => {
      const page = await loggedInAs('issuer', '/queue');
      const main = page.getByRole('main');
      const requests = main.getByRole('region', { name: /^Credential requests to issue/ });
      await expect(requests).toBeVisible();
      // The group's heading counts what it lists.
      const count = Number((await requests.getByRole('heading').textContent())!.replace(/\D/g, ''));
      expect(count).toBeGreaterThan(0);
      await expect(requests.getByRole('listitem')).toHaveCount(count);
      await expect(requests.getByRole('button', { name: `Issue all requested (${count})` })).toBeVisible();
      // No holder chores for an issuer clerk: no offer to accept, no credential to store.
      await expect(main.getByRole('region', { name: /as a holder/ })).toHaveCount(0);
      await expect(main.getByRole('link', { name: /^Review offer/ })).toHaveCount(0);
      // The navigation's count is the role's own work, as listed.
      const listed = await main.getByRole('listitem').count();
      if (size.viewport.width > 720) {
        const badge = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Needs me/ });
        await expect(badge).toHaveText(new RegExp(`^Needs me ${listed}`));
        // Events is an admin's technical page: not in a clerk's navigation.
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' })).toHaveCount(0);
      }
      await fitsTheWidth(page, size.viewport.width);
      await page.screenshot({ path: test.info().outputPath(`needs-me-issuer-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      // Newest first, as chosen: the address keeps it (a reload, a shared link).
      const firstWaiting = await requests.getByRole('listitem').first().getByRole('link').getAttribute('href');
      await page.getByLabel('Order').selectOption({ label: 'Newest first' });
      await expect(page).toHaveURL(/order=newest/);
      if (count > 1) await expect(requests.getByRole('listitem').last().getByRole('link')).toHaveAttribute('href', firstWaiting!);
      await page.reload();
      await expect(page.getByLabel('Order')).toHaveValue('newest');

      // Asked for, the holder's chores come after the issuer's, each group counted.
      // The box follows the address, which changes once the navigation it starts is done: click, then wait for both.
      const showHolder = page.getByRole('checkbox', { name: /Show holder tasks/ });
      await showHolder.click();
      await expect(page).toHaveURL(/holder=shown/);
      await expect(showHolder).toBeChecked();
      const headings = main.getByRole('heading', { level: 2 });
      await expect(headings.first()).toHaveText(/^Credential requests to issue \d+$/);
      await expect(main.getByRole('region', { name: /as a holder/ }).first()).toBeVisible();
      await fitsTheWidth(page, size.viewport.width);
      await page.screenshot({ path: test.info().outputPath(`needs-me-holder-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
    });

    test('the audit log’s quick periods: Today fills both dates, each entry’s request behind Details', async ({ loggedInAs }) => {
      const page = await loggedInAs('admin', '/audit');
      const period = page.getByLabel('Period', { exact: true });
      await period.selectOption({ label: 'Today' });
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
      await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
      await expect(page.getByLabel('Until', { exact: true })).toHaveValue(today);
      await page.getByLabel('Sign-ins').selectOption({ label: 'Shown' });
      const table = page.getByRole('table', { name: 'Audit log' });
      await expect(table).toBeVisible();
      // No "Request" column: the method and route are one click away in each entry.
      await expect(table.getByRole('columnheader')).toHaveText(['When', 'What happened', 'Result']);
      // One entry's disclosure: its request is hidden until its Details is opened.
      const request = table
        .getByRole('group')
        .filter({ has: page.getByText('Details', { exact: true }) })
        .first();
      await expect(request.getByText(/^(POST|GET|DELETE|PUT|PATCH) \/api\//)).toBeHidden();
      await request.getByText('Details', { exact: true }).click();
      await expect(request.getByText(/^(POST|GET|DELETE|PUT|PATCH) \/api\//)).toBeVisible();
      await period.selectOption({ label: 'Last 7 days' });
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
      await fitsTheWidth(page, size.viewport.width);
      await page.screenshot({ path: test.info().outputPath(`audit-presets-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
    });
  });
}
