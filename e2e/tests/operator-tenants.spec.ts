import { expect, type Page } from '@playwright/test';
import { violations } from '../axe';
import { test } from '../fixtures';
import { DEMO_PASSWORD } from '../settings';

// The multitenant console (project "multitenant"): the operator runs its tenants.
const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 }, records: 'Keep them, read-only, for you to export', phone: false },
  { name: '390 px', viewport: { width: 390, height: 844 }, records: 'Erase them', phone: true },
] as const;

async function logInAsOperator(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/tenants$/);
}

for (const size of sizes) {
  test(`the operator creates an askar-anoncreds tenant, sees it listed with its type, and removes it with its name typed (${size.name}) @multitenant`, async ({
    page,
  }) => {
    await page.setViewportSize(size.viewport);
    await logInAsOperator(page);
    if (size.phone) await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Tenants', 'Audit']);
    if (size.phone) await page.getByRole('button', { name: 'Menu' }).click();
    // The seeded tenants, each with its wallet type in words.
    await expect(page.getByRole('listitem', { name: 'City Library' }).getByText('Askar, legacy')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    const label = `Harbour Clinic ${test.info().workerIndex}-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Create tenant' }).click();
    const create = page.getByRole('dialog', { name: 'Create a tenant' });
    await create.getByLabel('Organisation name').fill(label);
    await expect(create.getByRole('radio', { name: /Askar with AnonCreds/ })).toBeChecked();
    expect(await violations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Create tenant' }).click();
    await expect(create).toBeHidden();
    const card = page.getByRole('listitem', { name: label });
    await expect(card.getByText('Askar with AnonCreds')).toBeVisible();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText(/does not receive this organisation’s events/)).toHaveCount(0);
    await card.getByText('Technical details').click();
    await expect(card.getByText('askar-anoncreds', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`tenants-created-${size.viewport.width}.png`), fullPage: true });

    await card.getByRole('button', { name: 'Remove…' }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${label}?` });
    await expect(remove.getByText(/it cannot be undone/)).toBeVisible();
    await remove.getByRole('radio', { name: size.records }).check();
    const confirm = remove.getByRole('button', { name: 'Remove tenant (irreversible)' });
    await remove.getByLabel(/Type the organisation’s name/).fill(label.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await remove.getByLabel(/Type the organisation’s name/).fill(label);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`tenants-remove-${size.viewport.width}.png`), fullPage: true });
    await confirm.click();
    await expect(remove).toBeHidden();
    if (size.phone) await expect(card).toHaveCount(0);
    else {
      await expect(card.getByText('Removed — records kept')).toBeVisible();
      const download = page.waitForEvent('download');
      await card.getByRole('link', { name: 'Audit log (CSV)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^credence-Harbour-Clinic-.*-audit-\d{4}-\d{2}-\d{2}\.csv$/);
      // Exported, the kept records are erased too.
      await card.getByRole('button', { name: 'Erase its records…' }).click();
      const erase = page.getByRole('dialog', { name: `Erase the records of ${label}?` });
      await erase.getByLabel(/Type the organisation’s name/).fill(label);
      await erase.getByRole('button', { name: 'Erase records (irreversible)' }).click();
      await expect(card).toHaveCount(0);
    }

    // Each act is in the operator's own log, naming the tenant.
    await page.goto('/audit');
    await expect(page.getByText(`created the tenant ${label}`)).toBeVisible();
    await expect(page.getByText(`removed the tenant ${label}, erasing its records`)).toBeVisible();
  });
}

test('the operator is kept out of a tenant’s pages, with a notice saying why @multitenant', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAsOperator(page);
  for (const path of ['/credentials', '/queue']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/tenants$/);
    await expect(page.getByRole('status').filter({ hasText: `The page ${path} is for` })).toBeVisible();
  }
});
