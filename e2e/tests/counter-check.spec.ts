import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { ANONCREDS_BFF_PORT } from '../settings';

for (const size of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`a verifier at the counter (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('shows a proof request as a QR code, sees the wallet scan it, and reads the verified result; the next person without the credential is refused plainly', async ({
      loggedInAs,
    }) => {
      const page = await loggedInAs('verifier', '/presentations/counter');
      await page.getByLabel('Credential to check').selectOption({ label: 'Student ID 1.2 · revocable (indy)' });
      await expect(page.getByRole('checkbox', { name: 'Student ID' })).toBeChecked();
      await page.getByRole('checkbox', { name: 'Degree' }).check();
      // A number proved without showing it.
      await page.getByLabel('Attribute', { exact: true }).selectOption({ label: 'Enrolment year' });
      await page.getByLabel('Must be').selectOption('>=');
      await page.getByLabel('Number', { exact: true }).fill('2000');
      // Exact: a saved template has its own 'Show QR code for this template'.
      await page.getByRole('button', { name: 'Show QR code', exact: true }).click();
      await expect(page.getByRole('img', { name: /QR code of the proof request/ })).toBeVisible();
      const url = await page.getByLabel('Invitation URL', { exact: true }).inputValue();
      // The short URL Credence serves, not the whole request: a QR code a phone can scan.
      expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
      await expect(page.getByText('Waiting for the person to scan the QR code…')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('counter-qr.png'), fullPage: true });
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Simulate a wallet scanning this' }).click();
      await expect(page.getByText('✓ Verified')).toBeVisible();
      await expect(page.getByRole('definition').first()).not.toBeEmpty();
      await expect(page.getByText('Degree', { exact: true })).toBeVisible();
      // The predicate in words, under its label: not `enrolment_year ≥ 2000`.
      await expect(page.getByRole('definition').filter({ hasText: 'At least 2000' })).toContainText('proved, value not shown');
      await page.screenshot({ path: test.info().outputPath('counter-verified.png'), fullPage: true });
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Next person' }).click();
      await expect(page.getByText('Waiting for the person to scan the QR code…')).toBeVisible();
      await page.getByRole('button', { name: '…a wallet without the credential' }).click();
      await expect(page.getByText('✗ No proof')).toBeVisible();
    });
  });

  test.describe(`an issuer at the counter (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('types the person’s details, shows the offer as a QR code, sees the wallet take the credential, and starts the next person with the same credential', async ({
      loggedInAs,
    }) => {
      const page = await loggedInAs('issuer', '/credentials');
      await page.getByRole('link', { name: 'Issue at the counter (QR code)' }).click();
      await page.getByLabel('Credential to issue').selectOption({ label: 'Student ID 1.2' });
      await page.getByLabel('Name', { exact: true }).fill('Alice Jones');
      await page.getByRole('button', { name: 'Show QR code' }).click();
      // Nothing goes out while a detail is missing.
      await expect(page.getByText('Fill this in.').first()).toBeVisible();
      await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
      for (const field of await page.getByRole('group', { name: 'The person’s details' }).getByRole('textbox').all()) {
        if (!(await field.inputValue())) await field.fill('2001');
      }
      // A date compared as a number (birthdate_dateint) is picked as a date; it is sent as YYYYMMDD.
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await expect(page.getByText('Choose a date.')).toBeVisible();
      await page.getByLabel('Birthdate', { exact: true }).fill('2001-04-15');
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await expect(page.getByRole('img', { name: /QR code of the credential offer/ })).toBeVisible();
      expect(await page.getByLabel('Invitation URL', { exact: true }).inputValue()).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
      await expect(page.getByText('Waiting for the person to scan the QR code…')).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Simulate a wallet scanning this' }).click();
      await expect(page.getByText('✓ Issued')).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: 'Alice Jones' })).toBeVisible();
      await expect(page.getByText('Student ID for Alice Jones')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('counter-issued.png'), fullPage: true });
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Next person' }).click();
      await expect(page.getByLabel('Credential to issue')).toHaveValue(/.+/);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
      // Ready for the next person's details, from the first one.
      await expect(page.getByRole('group', { name: 'The person’s details' }).getByRole('textbox').first()).toBeFocused();
    });
  });

  test.describe(`a revoked credential at the counter (${size.name})`, () => {
    // The console on an anoncreds wallet: its own audit log and wallet, which no other counter journey uses.
    test.use({ viewport: size.viewport, baseURL: `http://127.0.0.1:${ANONCREDS_BFF_PORT}` });

    test('a credential issued at the counter verifies there until its revocation is published, then is refused with what the wallet sent', async ({
      loggedInAs,
    }) => {
      const holder = `Rosa Quintero ${size.name} ${Date.now()}`;
      const page = await loggedInAs('admin', '/credentials/counter');
      await page.getByLabel('Credential to issue').selectOption({ label: 'Student ID 1.2' });
      for (const field of await page.getByRole('group', { name: 'The person’s details' }).getByRole('textbox').all()) await field.fill('2001');
      await page.getByLabel('Name', { exact: true }).fill(holder);
      await page.getByLabel('Birthdate', { exact: true }).fill('2001-04-15');
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await page.getByRole('button', { name: 'Simulate a wallet scanning this' }).click();
      await expect(page.getByText('✓ Issued')).toBeVisible();

      const checkAtTheCounter = async () => {
        await page.goto('/presentations/counter');
        await page.getByLabel('Credential to check').selectOption({ label: 'Student ID 1.2 · anoncreds-revocable (anoncreds)' });
        await page.getByRole('button', { name: 'Show QR code', exact: true }).click();
        await page.getByRole('button', { name: 'Simulate a wallet scanning this' }).click();
      };
      // The wallet shows the credential it was given, with the details typed at the counter.
      await checkAtTheCounter();
      await expect(page.getByText('✓ Verified')).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: holder })).toBeVisible();

      await page.goto(`/issued?q=${encodeURIComponent(holder)}`);
      const row = page.getByRole('table', { name: 'Issued credentials' }).getByRole('row').filter({ hasText: holder });
      await row.getByRole('button', { name: `Revoke the credential of ${holder}` }).click();
      // Issued at the counter, it has no connection: the dialog names the holder by the name the credential holds.
      const dialog = page.getByRole('dialog', { name: `Revoke ${holder}’s credential?` });
      await expect(dialog.getByText(`Name: ${holder}`).first()).toBeVisible();
      await dialog.getByRole('button', { name: 'Revoke credential' }).click();
      // Left pending (the default), the dialog says so and offers to publish now; the clerk publishes later.
      await expect(dialog.getByRole('status')).toContainText(`Revoked: ${holder}’s Student ID 1.2`);
      await expect(dialog.getByRole('status')).toContainText(`Name: ${holder}`);
      await expect(dialog.getByRole('status')).toContainText('It is pending: verifiers still see the credential as valid until the revocation is published.');
      await dialog.getByRole('button', { name: 'Publish later' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Revoked — not yet published')).toBeVisible();

      // Revoked in the agent's wallet only: the ledger still says valid, and so does the proof.
      await checkAtTheCounter();
      await expect(page.getByText('✓ Verified')).toBeVisible();

      await page.goto('/revocation');
      await page.getByRole('button', { name: 'Publish all' }).click();
      await expect(page.getByText('Nothing is waiting to be published.')).toBeVisible();

      await checkAtTheCounter();
      await expect(page.getByText('✗ Not verified')).toBeVisible();
      await expect(page.getByText('What the wallet sent')).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: holder })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('counter-revoked.png'), fullPage: true });
      expect(await violations(page)).toEqual([]);
    });
  });
}
