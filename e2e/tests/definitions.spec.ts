import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, logIn, test } from '../fixtures';
import { fillLabelled } from '../offer-form';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

const sizes = [
  { name: 'desktop', viewport: { width: 1400, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
];

/** Opens a page from the main navigation, behind the Menu button on a phone. */
async function openFromNav(page: Page, name: string, phone: boolean): Promise<void> {
  // The landing page first (the login goes on to it), so the menu opens on the page it stays on.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (phone) {
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** Fills the schema form's attribute rows, adding rows as needed. */
async function fillAttributes(page: Page, names: string[]): Promise<void> {
  const form = page.getByRole('form', { name: 'New schema' });
  for (const [i, name] of names.entries()) {
    const field = form.getByLabel(`Attribute ${i + 1}`, { exact: true });
    if ((await field.count()) === 0) await form.getByRole('button', { name: 'Add attribute' }).click();
    await field.fill(name);
  }
}

for (const size of sizes) {
  test.describe(`definitions made in Credence (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('an admin creates a schema and a revocable credential definition on it, sees the setup ready, and an issuer offers it', async ({ page, request }) => {
      const run = `${size.name} ${Date.now()}`;
      const schemaName = `Library card ${run}`;
      const attributes = ['holder_name', 'card_number', 'valid_until'];

      await logIn(page, 'admin');
      await openFromNav(page, 'Definitions', size.phone);
      await expect(page.getByRole('heading', { level: 1, name: 'Schemas and credential definitions' })).toBeVisible();

      const schemaForm = page.getByRole('form', { name: 'New schema' });
      await schemaForm.getByLabel('Name').fill(schemaName);
      await schemaForm.getByLabel('Version').fill('1.0');
      await fillAttributes(page, attributes);
      await schemaForm.getByRole('button', { name: 'Create schema' }).click();
      await expect(page.getByText(`Schema ${schemaName} 1.0 created`)).toBeVisible();
      const schemas = page.getByRole('table', { name: /^Schemas/ });
      await expect(schemas.getByRole('row').filter({ hasText: schemaName })).toContainText(attributes.join(', '));

      // The new schema is chosen in the credential definition form once it is listed.
      const credDefForm = page.getByRole('form', { name: 'New credential definition' });
      await expect(credDefForm.getByLabel('Schema')).toHaveValue(/.+/);
      await expect(credDefForm.getByLabel('Schema').locator('option:checked')).toHaveText(`${schemaName} 1.0`);
      await credDefForm.getByLabel('Tag').fill('revocable');
      await expect(credDefForm.getByRole('checkbox', { name: 'Support revocation' })).toBeChecked();
      await credDefForm.getByLabel('Credentials per revocation registry').fill('100');
      await credDefForm.getByRole('button', { name: 'Create credential definition' }).click();

      const label = `${schemaName} 1.0 · revocable`;
      await expect(page.getByText(`Credential definition ${label} created`)).toBeVisible();
      // The registries are followed live until one can take credentials.
      const progress = page.getByRole('status').filter({ hasText: `${label}: created.` });
      await expect(progress).toBeVisible();
      await expect(progress.getByText('Ready · 100 per registry')).toBeVisible({ timeout: 20_000 });
      const credDefs = page.getByRole('table', { name: /^Credential definitions/ });
      const credDefRow = credDefs.getByRole('row').filter({ hasText: schemaName });
      await expect(credDefRow.getByText('Ready · 100 per registry')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath('definitions.png'), fullPage: true });

      // Its registries: both in use and empty; rotated, both retired and two fresh ones take over.
      const health = page.getByRole('region', { name: `${label} (indy)` });
      await expect(health.getByText('0 of 100 issued (0 %)')).toHaveCount(2);
      await health.getByRole('button', { name: 'Rotate registries' }).click();
      const dialog = page.getByRole('dialog', { name: `Rotate the registries of ${label} (indy)?` });
      await dialog.getByRole('button', { name: 'Rotate registries' }).click();
      await expect(page.getByText(`Registries of ${label} (indy) rotated: a fresh registry takes over`)).toBeVisible();
      await expect(health.getByText('Retired', { exact: true })).toHaveCount(2);
      await expect(health.getByText('In use', { exact: true })).toHaveCount(2);
      expect(await violations(page)).toEqual([]);

      // An issuer offers a credential of it to a connection.
      const holder = `Grace Hopper ${run}`;
      const connection = await (
        await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/peers/connection`, {
          headers: { 'x-api-key': SANDBOX_API_KEY },
          data: { label: holder },
        })
      ).json();
      await page.getByRole('button', { name: 'Log out' }).click();
      // Logged out before the next login: a page asked for meanwhile would be sent for the ending session.
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await logIn(page, 'issuer', `/credentials/new?connection=${connection.connection_id}`);
      await page.getByLabel('Credential to offer').selectOption({ label: `${schemaName} 1.0` });
      // Each attribute by a label derived from its name.
      await fillLabelled(page, { 'Holder name': holder, 'Card number': 'LC-0042', 'Valid until': '2027-12-31' });
      await page.getByRole('button', { name: 'Send offer' }).click();
      await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Offer sent to ${holder}`)).toBeVisible();
      await expect(page.getByRole('heading', { name: `${schemaName} 1.0` })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'LC-0042' })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      // The holder answers; issued from one of the fresh registries, never a retired one.
      await page.getByRole('button', { name: 'Issue credential' }).click();
      await expect(page.locator('.page-head').getByText('Done')).toBeVisible();
      // The registry it came from is one click away, under "Technical details".
      const registry = page.getByRole('definition').filter({ hasText: /:4:.*:CL_ACCUM:/ });
      await expect(registry).toBeHidden();
      await page.getByText('Technical details', { exact: true }).click();
      const registryId = (await registry.textContent())!.trim();
      await page.getByRole('button', { name: 'Log out' }).click();
      // Logged out before the next login: a page asked for meanwhile would be sent for the ending session.
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await logIn(page, 'admin', '/definitions');
      const used = page
        .getByRole('region', { name: `${label} (indy)` })
        .getByRole('listitem')
        .filter({ hasText: registryId });
      await expect(used.getByText('In use', { exact: true })).toBeVisible();
      await expect(used.getByText('1 of 100 issued (1 %)')).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: `${label} (indy)` })
          .getByRole('listitem')
          .filter({ hasText: 'Retired' })
          .getByText('0 of 100 issued (0 %)'),
      ).toHaveCount(2);
    });

    test('a duplicate attribute name is shown on its field and nothing is created', async ({ loggedInAs }) => {
      const page = await loggedInAs('admin', '/definitions');
      const schemaForm = page.getByRole('form', { name: 'New schema' });
      const schemaName = `Duplicate ${size.name} ${Date.now()}`;
      await schemaForm.getByLabel('Name').fill(schemaName);
      await fillAttributes(page, ['name', 'Name']);
      await schemaForm.getByRole('button', { name: 'Create schema' }).click();
      const second = schemaForm.getByLabel('Attribute 2', { exact: true });
      await expect(second).toHaveAttribute('aria-invalid', 'true');
      await expect(second).toHaveAccessibleDescription('“Name” is already an attribute');
      await expect(schemaForm.getByLabel('Attribute 1', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
      // Nothing was sent: the name stays as typed and no schema of that name is listed.
      await expect(schemaForm.getByLabel('Name')).toHaveValue(schemaName);
      await expect(
        page
          .getByRole('table', { name: /^Schemas/ })
          .getByRole('row')
          .filter({ hasText: schemaName }),
      ).toHaveCount(0);
      expect(await violations(page)).toEqual([]);
    });
  });
}
