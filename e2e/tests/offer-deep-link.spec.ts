import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, logIn, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

const sizes = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Fills each labelled value of the chosen credential: a date with the date picker, the rest typed. */
async function fillValues(page: Page, section: ReturnType<Page['getByRole']>, person: string): Promise<void> {
  const fields = await section.locator('input').all();
  expect(fields.length).toBeGreaterThan(0);
  for (const [i, field] of fields.entries()) {
    const type = await field.getAttribute('type');
    if (type === 'date') await field.fill('2001-03-04');
    else if (type === 'email') await field.fill('grace@example.org');
    else await field.fill(i === 0 ? person : `V-${i}`);
  }
}

for (const size of sizes) {
  test.describe(`an offer filled from the address (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('the offer form shows the linked person and sends to them; the counter shows the linked credential and issues it', async ({ page, request }) => {
      const holder = `Grace Hopper ${size.name} ${Date.now()}`;
      const connection = (await (
        await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/peers/connection`, {
          headers: { 'x-api-key': SANDBOX_API_KEY },
          data: { label: holder },
        })
      ).json()) as { connection_id: string };

      // A deep link (or a reload) chooses the connection: the select shows that person, never "Choose who receives the offer".
      await logIn(page, 'issuer', `/credentials/new?connection=${connection.connection_id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Offer a credential' })).toBeVisible();
      const to = page.getByLabel('Connection', { exact: true });
      await expect(to.locator('option:checked')).toHaveText(holder);
      await page.reload();
      await expect(to.locator('option:checked')).toHaveText(holder);

      // The agent's credentials by name, then one labelled field per attribute; the ids wait under Advanced.
      const credential = page.getByLabel('Credential to offer');
      await expect(credential.locator('option', { hasText: /^Student ID/ }).first()).toBeAttached();
      await expect(credential.locator('option', { hasText: 'None: I will type' })).toHaveCount(0);
      const studentId = (await credential
        .locator('option', { hasText: /^Student ID/ })
        .first()
        .textContent())!;
      await credential.selectOption({ label: studentId });
      const credDefId = await credential.inputValue();
      await expect(page.getByLabel(/^Credential definition id/)).toHaveCount(0);
      const values = page.getByRole('region', { name: /^What the Student ID says/ });
      await fillValues(page, values, holder);
      const summary = page.getByRole('complementary', { name: 'The offer' });
      await expect(summary.locator('dt', { hasText: /^To$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(holder);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`offer-deep-link-${size.viewport.width}.png`), fullPage: true });

      await page.getByText(/^Advanced:/).click();
      await expect(page.getByRole('group', { name: /^Indy filter|^AnonCreds filter/ }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'What will be sent' })).toBeVisible();
      await expect(page.getByLabel('Request body')).toContainText(connection.connection_id);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`offer-advanced-${size.viewport.width}.png`), fullPage: true });

      await page.getByRole('button', { name: 'Send offer' }).click();
      await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Offer sent to ${holder}`)).toBeVisible();

      // The counter from a link: the credential shown is the one issued.
      await page.goto(`/credentials/counter?definition=${encodeURIComponent(credDefId)}`);
      const issue = page.getByLabel('Credential to issue');
      await expect(issue).toHaveValue(credDefId);
      await expect(issue.locator('option:checked')).toHaveText(studentId);
      await fillValues(page, page.getByRole('group', { name: 'The person’s details' }), holder);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`counter-deep-link-${size.viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await expect(page.getByRole('img', { name: /QR code of the credential offer/ })).toBeVisible();
    });
  });
}
