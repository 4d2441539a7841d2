import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { fillLabelled } from '../offer-form';
import { ANONCREDS_BFF_PORT, ANONCREDS_SANDBOX_PORT, SANDBOX_API_KEY } from '../settings';

// On the anoncreds console: the revocation journey of the askar console counts its own audit entries.
test.use({ baseURL: `http://127.0.0.1:${ANONCREDS_BFF_PORT}` });

for (const size of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`the register (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('a credential the agent removed once done is found by its holder’s name, revoked from the Issued page, published, and shown revoked there and on the connection', async ({
      loggedInAs,
      request,
      consoleErrors,
    }) => {
      // The exchange's page may ask once more just as the agent removes it (auto_remove): the agent's 404.
      consoleErrors.allow(/the server responded with a status of 404/);
      const holder = `Ada Lovelace ${size.name} ${Date.now()}`;
      const connection = await (
        await request.post(`http://127.0.0.1:${ANONCREDS_SANDBOX_PORT}/sandbox/peers/connection`, {
          headers: { 'x-api-key': SANDBOX_API_KEY },
          data: { label: holder },
        })
      ).json();

      // Issued with auto_remove: once done the agent deletes the exchange; the register keeps it.
      const page = await loggedInAs('admin', `/credentials/new?connection=${connection.connection_id}`);
      await page.getByLabel('Credential to offer').selectOption({ label: 'Student ID 1.2' });
      await fillLabelled(page, { 'Student ID': 'S6332523', Name: holder, Degree: '2001', 'Enrolment year': '2001', Birthdate: '2001-04-15' });
      await page.getByRole('checkbox', { name: /Remove the exchange from the list once it is done/ }).check();
      await page.getByRole('button', { name: 'Send offer' }).click();
      await page.getByRole('button', { name: 'Issue credential' }).click();
      // The agent deleted it while the page was open: the page now shows what Credence kept.
      await expect(page.getByText(/The agent has just removed this exchange/)).toBeVisible();
      await expect(page.getByRole('cell', { name: 'S6332523' })).toBeVisible();

      await page.goto('/issued');
      await page.getByLabel('Person or value').fill(holder);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^1 credential matches$/ })).toBeVisible();
      const row = page.getByRole('table', { name: 'Issued credentials' }).getByRole('row').filter({ hasText: holder });
      await expect(row.getByText('removed from the agent')).toBeVisible();
      await expect(row.getByText('Issued', { exact: true })).toBeVisible();
      // Its values, on a phone's card too: one person's credentials of one kind are told apart by them.
      await expect(row.getByText('Student ID: S6332523', { exact: true })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await row.getByRole('button', { name: `Revoke the credential of ${holder}` }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke ${holder}’s credential?` });
      // The person and the credential with two of its values, not the registry (under Technical details).
      await expect(dialog.getByText(`${holder} · Student ID 1.2`, { exact: true })).toBeVisible();
      await expect(dialog.getByText(`This revokes ${holder}’s Student ID 1.2 (`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Revoke credential' }).click();
      // Left pending (the default), the dialog says so and offers to publish now; the admin publishes later, from /revocation.
      await expect(dialog.getByRole('status')).toContainText(`Revoked: ${holder}’s Student ID 1.2`);
      await expect(dialog.getByRole('status')).toContainText('It is pending: verifiers still see the credential as valid until the revocation is published.');
      await dialog.getByRole('button', { name: 'Publish later' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Revoked — not yet published')).toBeVisible();

      await page.goto('/revocation');
      await page.getByRole('button', { name: 'Publish all' }).click();
      await expect(page.getByText('Nothing is waiting to be published.')).toBeVisible();

      await page.goto(`/issued?q=${encodeURIComponent('S6332523')}&status=revoked`);
      const revoked = page.getByRole('table', { name: 'Issued credentials' }).getByRole('row').filter({ hasText: holder });
      await expect(revoked.getByText('✗ Revoked', { exact: true })).toBeVisible();
      await expect(revoked.getByText(/by admin/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('issued-revoked.png'), fullPage: true });

      // The exchange ended "Done" before the revocation: wherever it is listed, the credential shows revoked.
      await page.goto(`/credentials?q=${encodeURIComponent(holder)}`);
      const exchange = page.getByRole('table', { name: 'Credential exchanges' }).getByRole('row').filter({ hasText: holder });
      await expect(exchange.getByText('Done', { exact: true })).toBeVisible();
      await exchange.getByRole('link', { name: 'Revoked', exact: true }).click();
      await expect(page).toHaveURL(/\/issued\?cred_ex_id=[0-9a-f-]{36}$/);
      await expect(page.getByRole('status').filter({ hasText: /^1 credential matches$/ })).toBeVisible();

      await revoked.getByRole('link', { name: holder, exact: true }).click();
      const held = page.getByRole('region', { name: 'Credentials they hold from us' });
      await expect(held.getByText('✗ Revoked', { exact: true })).toBeVisible();

      // The audit log says it in business terms, each entry linked to the exchange Credence kept.
      await page.goto('/audit');
      await page.getByLabel('What (contains)').fill(holder);
      const log = page.getByRole('table', { name: 'Audit log' });
      for (const sentence of [
        `revoked Student ID 1.2 of ${holder} (pending publication)`,
        `issued Student ID 1.2 to ${holder}`,
        `offered Student ID 1.2 to ${holder}`,
      ]) {
        await expect(log.getByRole('link', { name: sentence })).toBeVisible();
      }
      await log.getByRole('link', { name: `issued Student ID 1.2 to ${holder}` }).click();
      await expect(page.getByText(/The agent no longer has this exchange/)).toBeVisible();
    });
  });
}
