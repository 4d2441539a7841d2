import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const sandbox = async (request: APIRequestContext, path: string, data: unknown) => {
  const res = await request.post(`http://127.0.0.1:${SANDBOX_PORT}${path}`, { headers: { 'x-api-key': SANDBOX_API_KEY }, data });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as { connection_id: string };
};

/** Chooses a file as a clerk would, from the page's file field. */
const upload = (page: Page, name: string, csv: string) =>
  page.getByLabel('Filled-in file (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

for (const size of sizes) {
  test.describe(`issue to many at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('an issuer fills in the template, sends the good rows while keeping a bad one, fixes it and a row the agent refused, and sees them issued', async ({
      loggedInAs,
      request,
    }) => {
      // A long journey (three rows, two fixes, a retry, the repeat check): more than the default time on a busy machine.
      test.setTimeout(240_000);
      // Holders of this test's own, so other tests' records do not matter.
      const tag = `${size.viewport.width}-${test.info().retry}`;
      const [ann, ben, cat] = ['Ann', 'Ben', 'Cat'].map((name) => `Batch ${name} ${tag}`) as [string, string, string];
      await sandbox(request, '/sandbox/peers/connection', { label: ann });
      const benConnection = await sandbox(request, '/sandbox/peers/connection', { label: ben });
      await sandbox(request, '/sandbox/peers/connection', { label: cat });

      const page = await loggedInAs('issuer', '/credentials');
      await page.getByRole('link', { name: 'Issue to many (CSV)' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Issue to many' })).toBeVisible();
      await expect(page.getByText(/At most 10,000 rows and 2 MB/)).toBeVisible();
      const definition = page.getByLabel('Credential to issue');
      await expect(definition).toBeEnabled();
      await definition.selectOption({ index: 1 });

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download the template (CSV)' }).click();
      const template = await readFile(await (await download).path(), 'utf8');
      const header = template.replace(/^\uFEFF/, '').trim();
      const attributes = header.split(',').slice(1);
      expect(header.split(',')[0]).toBe('connection');
      // A date compared as a number (a _dateint attribute) is written as a spreadsheet writes a date; the console makes it 20010415.
      const row = (who: string, value: string) => [who, ...attributes.map((a) => (a.endsWith('_dateint') ? '2001-04-15' : `"${value} ${a}, ok"`))].join(',');

      // A row names nobody, and Ben's wallet goes away just as his offer is sent.
      await sandbox(request, '/sandbox/peers/leave-on-offer', { connection_id: benConnection.connection_id });
      const file = `${template}${row(ann, 'first')}\r\n${row('Nobody at all', 'second')}\r\n${row(ben, 'third')}\r\n`;
      await upload(page, 'students.csv', file);
      await expect(page.getByText('1 of 3 rows have problems.', { exact: false })).toBeVisible();
      await expect(page.getByText('There is no connection with the id or label “Nobody at all”.')).toBeVisible();
      if (attributes.some((a) => a.endsWith('_dateint'))) await expect(page.getByRole('cell', { name: '15 Apr 2001' }).first()).toBeVisible();
      // The good rows are not held back by the bad one: they go, the bad one is kept to be fixed.
      const sendGood = page.getByRole('button', { name: 'Send 2 ready rows, keep 1 to fix' });
      await expect(sendGood).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath(`batch-preview-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      await sendGood.click();

      await expect(page.getByRole('heading', { level: 1, name: /to 3 connections$/ })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: /^1 of 3 sent, .*1 failed, 1 to fix$/ })).toBeVisible();
      await expect(page.getByText('1 row was kept for fixing, not sent: fix it and it is sent.', { exact: false })).toBeVisible();
      await expect(page.getByText(/Connection .+ not ready/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`batch-kept-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      // The row kept for fixing (row 3 of the spreadsheet) is given to Cat: saved, it is sent.
      await page.getByRole('button', { name: 'Fix row 3' }).click();
      await page.getByLabel('Connection of row 3').selectOption({ label: cat });
      await page.getByRole('button', { name: 'Save row 3' }).click();
      await expect(page.getByText('Row 3 fixed: sending it')).toBeVisible();
      await expect(page.getByRole('progressbar', { name: /^2 of 3 sent, .*1 failed$/ })).toBeVisible();

      // Ben's row, refused by the agent, goes to Cat as well and is retried.
      await page.getByRole('button', { name: 'Fix row 4' }).click();
      await page.getByLabel('Connection of row 4').selectOption({ label: cat });
      await page.getByRole('button', { name: 'Save row 4' }).click();
      await expect(page.getByText('Row 4 changed: retry the failed rows to send it')).toBeVisible();
      await page.getByRole('button', { name: 'Retry failed rows (1)' }).click();
      // Issued, not only sent: the holders' wallets took the credentials.
      await expect(page.getByRole('progressbar', { name: '3 of 3 sent, 3 issued' })).toBeVisible();
      await expect(page.getByText('Finished: every credential was issued.')).toBeVisible();
      await expect(page.getByRole('cell', { name: cat }).first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`batch-done-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      // A reload shows the same batch, read from the console's store.
      await page.reload();
      await expect(page.getByRole('progressbar', { name: '3 of 3 sent, 3 issued' })).toBeVisible();

      await page.getByRole('link', { name: 'Open the exchange of row 2' }).click();
      await expect(page.getByRole('region', { name: 'Exchange' })).toBeVisible();
      await expect(page.getByText(ann).first()).toBeVisible();

      // The same file chosen again the same day: the page says it was sent, and sends it again only once told to.
      await page.goto('/credentials/batches');
      await page.getByLabel('Credential to issue').selectOption({ index: 1 });
      await upload(page, 'students.csv', file);
      await expect(page.getByText(/^This file was already sent/)).toBeVisible();
      // Ben's connection has gone since, so his row is one to fix too.
      const sendAgain = page.getByRole('button', { name: /^Send \d+ ready rows?, keep \d+ to fix$/ });
      await expect(sendAgain).toBeDisabled();
      await page.getByRole('checkbox', { name: 'Send it again: each person should receive a second credential' }).check();
      await expect(sendAgain).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath(`batch-repeat-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
    });
  });
}
