import type { APIRequestContext } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

/** The sandbox's simulated mobile wallet scans a QR code, as a holder's phone would. */
async function walletScans(request: APIRequestContext, invitationUrl: string, label: string) {
  const answer = await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/wallet/scan`, {
    headers: { 'x-api-key': SANDBOX_API_KEY },
    data: { invitation_url: invitationUrl, label },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

for (const size of [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`a pending invitation (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('its page shows the same QR code again after the clerk left it; once scanned the code goes and a credential is offered to the person', async ({
      loggedInAs,
      request,
    }) => {
      const alias = `Desk visitor ${size.viewport.width}-${test.info().retry}`;
      const page = await loggedInAs('issuer', '/connections/new');
      await page.getByLabel('Who is it for? (optional)').fill(alias);
      await page.getByRole('button', { name: 'Create invitation' }).click();
      await expect(page.getByRole('img', { name: /QR code of the invitation/ })).toBeVisible();
      const firstUrl = await page.getByLabel('Invitation URL', { exact: true }).inputValue();

      // The clerk leaves the page (the QR code with it), then finds the person in Connections.
      await page.goto('/connections');
      await page.getByRole('link', { name: alias }).click();
      await expect(page.getByRole('heading', { level: 1, name: alias })).toBeVisible();
      const qr = page.getByRole('img', { name: /QR code of the invitation/ });
      await expect(qr).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Invitation waiting to be scanned' })).toBeVisible();
      // The same invitation, not a new one: the wallet reads the same message from it.
      const again = await page.getByLabel('Invitation URL', { exact: true }).inputValue();
      const message = (url: string) => JSON.parse(Buffer.from(new URL(url).searchParams.get('oob')!, 'base64url').toString('utf8')) as { '@id': string };
      expect(message(again)['@id']).toBe(message(firstUrl)['@id']);
      await expect(page.getByRole('link', { name: /^Offer a credential/ })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`pending-invitation-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      // Scanned from this page: the used code goes, and the next step is offered by name.
      await walletScans(request, again, `${alias}'s phone`);
      const offer = page.getByRole('link', { name: `Offer a credential to ${alias}` });
      await expect(offer).toBeVisible();
      await expect(qr).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`invitation-used-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      await offer.click();
      await expect(page).toHaveURL(/\/credentials\/new\?connection=[0-9a-f-]{36}$/);
    });
  });
}
