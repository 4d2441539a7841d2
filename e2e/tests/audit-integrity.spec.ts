import { readFileSync } from 'node:fs';
import { violations } from '../axe';
import { expect, test } from '../fixtures';

const sizes = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const size of sizes) {
  test.describe(`the audit log's integrity (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('an admin checks the log and finds it intact, then exports today as CSV holding what they did', async ({ loggedInAs }) => {
      // Something of this journey's own in today's log: an invitation for a name nobody else uses.
      const alias = `Integrity ${size.name} ${Date.now().toString(36)}`;
      const page = await loggedInAs('admin', '/connections/new');
      await page.getByLabel('Who is it for? (optional)').fill(alias);
      await page.getByRole('button', { name: 'Create invitation' }).click();
      await expect(page.getByRole('img', { name: /QR code of the invitation/ })).toBeVisible();

      await page.goto('/audit');
      await page.getByRole('button', { name: 'Check the log' }).click();
      const status = page.getByRole('status').filter({ hasText: /intact|changed|removed|moved/ });
      await expect(status).toContainText(/Intact: All [\d,]+ entries are intact/);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`audit-check-${size.viewport.width}.png`), fullPage: true });

      // Today, in the clerk's own days, as a file for a spreadsheet.
      const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      await page.getByLabel('Export from').fill(today);
      await page.getByLabel('Export until').fill(today);
      await page.getByLabel('File').selectOption({ label: 'CSV, for a spreadsheet' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the period' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^credence-audit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync(await download.path(), 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = text.slice(1).trimEnd().split('\r\n');
      expect(header).toMatch(/^Entry number,When,Who,Signed in via,Role,What happened,Result,/);
      expect(header).toMatch(/,Hash$/);
      const mine = rows.find((row) => row.includes(`created an invitation for ${alias}`));
      expect(mine).toMatch(/^\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2},admin,,admin,created an invitation for /);
      expect(mine).toMatch(/,[0-9a-f]{64}$/);
    });
  });
}
