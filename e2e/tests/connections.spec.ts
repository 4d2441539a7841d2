import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { fillLabelled } from '../offer-form';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

/** The sandbox's simulated mobile wallet scans a QR code, as a holder's phone would. */
async function walletScans(request: APIRequestContext, invitationUrl: string, label: string) {
  const answer = await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/wallet/scan`, {
    headers: { 'x-api-key': SANDBOX_API_KEY },
    data: { invitation_url: invitationUrl, label },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A well-formed out-of-band invitation from a partner organisation, as their agent would write it. */
function partnerInvitation(label: string): string {
  const invitation = {
    '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
    '@id': crypto.randomUUID(),
    label,
    handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
    services: [
      {
        id: '#inline',
        type: 'did-communication',
        recipientKeys: ['did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH'],
        serviceEndpoint: 'https://partner.example/didcomm',
      },
    ],
  };
  return `https://partner.example/invite?oob=${Buffer.from(JSON.stringify(invitation)).toString('base64url')}`;
}

async function inviteAndConnect(page: Page, request: APIRequestContext, alias: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('link', { name: 'Invite someone' }).click();
  await expect(page).toHaveURL(/\/connections\/new$/);
  await page.getByLabel('Who is it for? (optional)').fill(alias);
  await page.getByLabel('What is it for? (optional)').fill('To receive your student card');
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByRole('img', { name: /QR code of the invitation/ })).toBeVisible();
  await expect(page.getByText('Waiting for the holder to scan the QR code…')).toBeVisible();
  const url = await page.getByLabel('Invitation URL', { exact: true }).inputValue();
  expect(url).toMatch(/[?&]oob=/);
  await page.screenshot({ path: test.info().outputPath('invitation.png'), fullPage: true });
  await walletScans(request, url, `${alias}'s phone`);
  // Live: the connection walks its states and the page names it once connected.
  await expect(page.getByText(`Connected with ${alias}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Open the connection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: alias })).toBeVisible();
  await expect(page.locator('.page-head').getByText('Connected')).toBeVisible();
}

for (const size of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`connections (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('an issuer invites a holder by QR code, sees them connect live, and issues them a credential from one of the agent’s own definitions', async ({
      loggedInAs,
      request,
    }) => {
      const page = await loggedInAs('issuer', '/');
      if (size.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      const alias = `Grace Hopper ${size.name}`;
      await inviteAndConnect(page, request, alias);

      await page.getByRole('link', { name: 'Offer a credential' }).click();
      await expect(page).toHaveURL(/\/credentials\/new\?connection=/);
      const picker = page.getByRole('combobox', { name: 'Connection' });
      await expect(picker).toHaveValue(/[0-9a-f-]{36}/);
      await expect(picker.locator('option:checked')).toHaveText(alias);
      const definition = page.getByLabel('Credential to offer');
      await expect(definition.locator('option', { hasText: 'Student ID 1.2' })).toHaveCount(1);
      await definition.selectOption({ label: 'Student ID 1.2' });
      await page.getByText(/^Advanced:/).click();
      await expect(page.getByRole('group', { name: 'Indy filter' }).getByLabel('Credential definition id')).toHaveValue(/:3:CL:\d+:revocable$/);
      // One row per schema attribute, every value required.
      await page.getByRole('button', { name: 'Send offer' }).click();
      await expect(page.getByText('Enter a value').first()).toBeVisible();
      await fillLabelled(page, {
        'Student ID': 'S7654321',
        Name: alias,
        Degree: 'BSc Computer Science',
        'Enrolment year': '2024',
        Birthdate: '2000-01-01',
      });
      await page.screenshot({ path: test.info().outputPath('offer-from-definition.png'), fullPage: true });
      await page.getByRole('button', { name: 'Send offer' }).click();
      await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
      const issue = page.getByRole('button', { name: 'Issue credential' });
      await expect(issue).toBeVisible();
      await issue.click();
      await expect(page.locator('.page-head').getByText('Done')).toBeVisible();
      await expect(page.getByRole('cell', { name: 'S7654321' })).toBeVisible();
    });
  });
}

test.describe('connections', () => {
  test('a verifier finds a connection by name, accepts a partner’s invitation, and removes a connection', async ({ loggedInAs }) => {
    const page = await loggedInAs('verifier', '/connections');
    await page.getByLabel('Name or alias').fill('alice');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=alice/);
    await page.getByRole('link', { name: 'Alice (mobile)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alice (mobile)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Presentation exchanges' })).toBeVisible();
    // A verifier sees the proofs, not the credential exchanges.
    await expect(page.getByRole('heading', { name: 'Credential exchanges' })).toHaveCount(0);

    await page.goto('/connections/new');
    await page.getByLabel('Invitation URL or JSON').fill('https://example.org/connect?c_i=abc');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page.getByText(/older protocol \(RFC 0160\)/)).toBeVisible();
    await page.getByLabel('Invitation URL or JSON').fill(partnerInvitation('Contoso Registry'));
    await page.getByLabel('Our name for them (optional)').fill('Contoso');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page.getByText('Connected with Contoso.')).toBeVisible();
    await page.getByRole('link', { name: 'Open the connection' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contoso' })).toBeVisible();

    await page.getByRole('button', { name: 'Remove connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the connection with Contoso?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(/\/connections$/);
    await expect(page.getByText('Connection with Contoso removed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contoso' })).toHaveCount(0);
  });

  test('a connection id that does not exist says so plainly', async ({ loggedInAs, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    const page = await loggedInAs('issuer', '/connections/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'No connection with this id' })).toBeVisible();
    await page.goto('/connections/not-an-id');
    await expect(page.getByRole('heading', { name: 'No connection with this id' })).toBeVisible();
  });
});
