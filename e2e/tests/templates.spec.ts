import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** A page of the main navigation; on a phone it is behind the Menu button. */
async function goTo(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
}

for (const size of sizes) {
  test.describe(`proof templates at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a verifier saves a request as a template, edits it to version 2, and sends a new request from it', async ({ loggedInAs }) => {
      // Templates are shared by every verifier in the run: a name of this test's own.
      const name = `Enrolment check ${size.viewport.width}-${test.info().repeatEachIndex}-${test.info().retry}`;
      const page = await loggedInAs('verifier', '/presentations/new');
      await page.getByLabel('Name', { exact: true }).fill('Proof of enrolment');
      await page.getByLabel(/^Attribute name/).fill('name');
      // Typed restrictions are the exception: under "Advanced" in the row.
      await page.getByText('Advanced: restrict by id').first().click();
      await page.getByRole('button', { name: '+ Restriction' }).first().click();
      await page.getByLabel('Attribute 1 restriction 1 kind').selectOption('schema_name');
      await page.getByLabel('Attribute 1 restriction 1 value').fill('Student ID');

      await page.getByRole('button', { name: 'Save as template…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as a template' });
      await expect(dialog.getByLabel('Template name')).toHaveValue('Proof of enrolment');
      await dialog.getByLabel('Template name').fill(name);
      await dialog.getByRole('button', { name: 'Save template' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`Template “${name}” saved`)).toBeVisible();

      await goTo(page, 'Proof templates');
      await expect(page.getByRole('heading', { level: 1, name: 'Proof templates' })).toBeVisible();
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`templates-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      await link.click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('region', { name: 'What it asks for' })).toContainText('Show Name — from schema name Student ID');
      await page.getByLabel('Description (optional)').fill('At the library desk, for a student card');
      await page.getByRole('button', { name: 'Save as version 2' }).click();
      await expect(page.getByText('Saved as version 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save as version 3' })).toBeVisible();
      const versions = page.getByRole('region', { name: 'Versions' });
      await expect(versions.getByText(/^Version 2 \(current\)/)).toBeVisible();
      await expect(versions.getByText(/^Version 1 ·/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`template-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      // A version's request is read when it is opened.
      await versions.getByText(/^Version 1 ·/).click();
      await expect(versions.getByText('Show name — from schema name Student ID')).toBeVisible();

      await page.getByRole('link', { name: 'Open in the request builder' }).click();
      await expect(page.getByText(`Working from the template “${name}”, version 2.`)).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Proof of enrolment');
      await expect(page.getByLabel('Attribute 1 restriction 1 value')).toHaveValue('Student ID');
      await page.screenshot({ path: test.info().outputPath(`builder-${size.viewport.width}.png`), fullPage: true });
      await page.getByLabel('Connection').selectOption({ label: 'Dana Okafor' });
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page).toHaveURL(/\/presentations\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('cell', { name: 'Dana Okafor' })).toBeVisible();

      // The same template behind a counter's QR code; the sandbox's wallet without the credential answers.
      await page.goto('/presentations/counter');
      await page.getByLabel('Proof template').selectOption({ label: name });
      await page.getByRole('button', { name: 'Show QR code for this template' }).click();
      await expect(page.getByRole('img', { name: /QR code of the proof request/ })).toBeVisible();
      await expect(page.getByText(`${name}: name`)).toBeVisible();
      await page.getByRole('button', { name: '…a wallet without the credential' }).click();
      await expect(page.getByText('✗ No proof')).toBeVisible();
    });
  });
}
