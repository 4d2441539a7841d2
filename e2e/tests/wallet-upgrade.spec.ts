import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { UPGRADE_BFF_PORT } from '../settings';

// The console whose wallet is upgraded: one upgrade per run, so the journey at 1400 px upgrades it and the
// one at 390 px reads the result (in this order, in one worker).
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${UPGRADE_BFF_PORT}` });

const ALUMNI = 'Alumni card 1.0 · alumni';
const SUMMARY =
  /Upgraded on .+: \d+ schemas, \d+ credential definitions and \d+ revocation registries now use the AnonCreds interface; their ids are unchanged\./;

/** The definitions page's registries of the Alumni card, on the wallet type of the moment. */
const alumniRegistries = (page: Page, format: 'indy' | 'anoncreds') => page.getByRole('region', { name: `${ALUMNI} (${format})` });

test('an admin makes the Alumni card, upgrades the wallet, and finds the same definition afterwards, with what changed said (1400 px)', async ({
  loggedInAs,
}) => {
  // Definition, registries, upgrade and restart, looked at twice: slow on a busy machine.
  test.slow();
  // The Alumni card, made on the askar wallet; its ledger check answers there.
  const page = await loggedInAs('admin', '/definitions');
  await page.setViewportSize({ width: 1400, height: 900 });
  const schemaForm = page.getByRole('form', { name: 'New schema' });
  await schemaForm.getByLabel('Name').fill('Alumni card');
  await schemaForm.getByLabel('Version').fill('1.0');
  for (const [i, name] of ['name', 'graduation_year'].entries()) {
    const field = schemaForm.getByLabel(`Attribute ${i + 1}`, { exact: true });
    if ((await field.count()) === 0) await schemaForm.getByRole('button', { name: 'Add attribute' }).click();
    await field.fill(name);
  }
  await schemaForm.getByRole('button', { name: 'Create schema' }).click();
  await expect(page.getByText('Schema Alumni card 1.0 created')).toBeVisible();
  const credDefForm = page.getByRole('form', { name: 'New credential definition' });
  await expect(credDefForm.getByLabel('Schema').locator('option:checked')).toHaveText('Alumni card 1.0');
  await credDefForm.getByLabel('Tag').fill('alumni');
  await credDefForm.getByLabel('Credentials per revocation registry').fill('100');
  await credDefForm.getByRole('button', { name: 'Create credential definition' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${ALUMNI}: created.` })
      .getByText('Ready · 100 per registry'),
  ).toBeVisible({ timeout: 20_000 });
  const before = alumniRegistries(page, 'indy');
  await before.getByRole('button', { name: 'Check against the ledger' }).first().click();
  await expect(before.getByText('The ledger and the wallet agree.')).toBeVisible();
  const credDefIdBefore = await page
    .getByRole('table', { name: /^Credential definitions/ })
    .getByRole('row')
    .filter({ hasText: 'Alumni card' })
    .locator('.mono')
    .innerText();

  // The upgrade, behind its three steps.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet', exact: true }).click();
  const upgrade = page.getByRole('button', { name: 'Upgrade wallet (irreversible)' });
  await expect(page.getByText('it cannot be undone')).toBeVisible();
  await expect(upgrade).toBeDisabled();
  await page.getByLabel('I have backed up the wallet and its key.').check();
  await expect(upgrade).toBeDisabled();
  await page.getByLabel('I have tested the upgrade on a copy outside production.').check();
  await expect(upgrade).toBeDisabled();
  await page.getByLabel(/Type the wallet name/).fill('credence-sandbo');
  await expect(upgrade).toBeDisabled();
  await page.getByLabel(/Type the wallet name/).fill('credence-sandbox');
  await expect(upgrade).toBeEnabled();
  await upgrade.click();
  const progress = page.getByRole('status', { name: 'Upgrade progress' });
  await expect(progress).toContainText(/Upgrading|not answering/);
  await expect(progress).toContainText('Done: the wallet is now of the anoncreds type.', { timeout: 20_000 });
  await expect(page.locator('dd').getByText('askar-anoncreds', { exact: true })).toBeVisible();
  await expect(page.getByText('Sandbox agent · askar-anoncreds')).toBeVisible();

  // What changed, from what the agent listed before and lists now.
  const summary = page.getByRole('region', { name: 'What the upgrade changed' });
  await expect(summary).toContainText(SUMMARY);
  await expect(summary.getByRole('listitem').filter({ hasText: 'Alumni card 1.0 (alumni)' })).toBeVisible();
  await expect(summary.getByText('Not found after the upgrade')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('wallet-upgraded-1400.png'), fullPage: true });

  // The same definition, same id, on the anoncreds interface; its registries kept; no ledger check to fail.
  await summary.getByRole('link', { name: 'See them on Schemas and credential definitions' }).click();
  const row = page
    .getByRole('table', { name: /^Credential definitions/ })
    .getByRole('row')
    .filter({ hasText: 'Alumni card' });
  await expect(row).toContainText('alumni');
  await expect(row.locator('.mono')).toHaveText(credDefIdBefore);
  const after = alumniRegistries(page, 'anoncreds');
  await expect(after.getByText('Registered', { exact: true })).toHaveCount(2);
  await expect(after.getByText('The ledger check of these registries is not available on an anoncreds wallet').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check against the ledger' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('definitions-upgraded-1400.png'), fullPage: true });

  // The same, on a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/wallet');
  await expect(summary).toContainText(SUMMARY);
  await expect(summary.getByRole('listitem').filter({ hasText: 'Alumni card 1.0 (alumni)' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('wallet-upgraded-390.png'), fullPage: true });
  await summary.getByRole('link', { name: 'See them on Schemas and credential definitions' }).click();
  await expect(row.locator('.mono')).toHaveText(credDefIdBefore);
  await expect(after.getByText('The ledger check of these registries is not available on an anoncreds wallet').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check against the ledger' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('definitions-upgraded-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'POST /api/wallet/upgrade' })).toContainText(
    'wallet_name: credence-sandbox',
  );
});

test('another browser (a phone, 390 px) compares all the same, from what the console kept when the upgrade started, and the Alumni card is there', async ({
  loggedInAs,
}) => {
  const page = await loggedInAs('admin', '/wallet');
  await page.setViewportSize({ width: 390, height: 844 });
  const summary = page.getByRole('region', { name: 'What the upgrade changed' });
  await expect(summary).toContainText(SUMMARY);
  await expect(summary).not.toContainText('not recorded');
  await expect(summary.getByText('Not found after the upgrade')).toHaveCount(0);
  await summary.getByText('Technical details').click();
  await expect(summary.getByText(/with those it listed on the legacy interface on /)).toBeVisible();
  await expect(summary.getByRole('listitem').filter({ hasText: 'Alumni card 1.0 (alumni)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('wallet-upgraded-other-browser-390.png'), fullPage: true });
  // And in the dark.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('wallet-upgraded-other-browser-390-dark.png'), fullPage: true });
});
