import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { typeIdsUnderAdvanced } from '../offer-form';
import { ANONCREDS_BFF_PORT, SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';
import { rawRecord, technicalField } from '../technical-details';

const STUDENT_ID = ['student_id', 'name', 'degree', 'enrolment_year', 'birthdate_dateint'];

async function fillAttributes(page: Page, values: Record<string, string>): Promise<void> {
  const entries = Object.entries(values);
  for (let i = 1; i < entries.length; i++) await page.getByRole('button', { name: 'Add attribute' }).click();
  for (const [index, [name, value]] of entries.entries()) {
    await page.getByLabel(`Attribute ${index + 1} name`).fill(name);
    await page.getByLabel(`Attribute ${index + 1} value`).fill(value);
  }
}

const studentValues = Object.fromEntries(STUDENT_ID.map((name) => [name, name === 'birthdate_dateint' ? '20010415' : `${name} of Bob`]));

test.describe('issuer staff offer and issue', () => {
  test('offer with the indy filter on an askar wallet, see the request arrive, issue, and see it done', async ({ loggedInAs }) => {
    const page = await loggedInAs('issuer', '/credentials');
    await page.getByRole('link', { name: 'Offer a credential' }).click();
    await typeIdsUnderAdvanced(page);
    await expect(page.getByRole('checkbox', { name: 'AnonCreds' })).toBeDisabled();
    await expect(page.getByText('AnonCreds needs the anoncreds wallet type; this wallet is askar.')).toBeVisible();

    await page.getByLabel('Connection').selectOption({ label: 'Bob Smith' });
    const indy = page.getByRole('group', { name: 'Indy filter' });
    await indy.getByLabel('Schema name').fill('Student ID');
    await indy.getByLabel('Schema version').fill('1.2');
    await fillAttributes(page, studentValues);
    const preview = page.getByLabel('Request body');
    await expect(preview).toContainText('"schema_name": "Student ID"');
    await expect(preview).not.toContainText('anoncreds');
    await page.screenshot({ path: test.info().outputPath('offer-form.png'), fullPage: true });

    await page.getByRole('button', { name: 'Send offer' }).click();
    await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Offer sent to Bob Smith')).toBeVisible();
    // The simulated holder answers with a request; the page picks it up without a reload.
    const issue = page.getByRole('button', { name: 'Issue credential' });
    await expect(issue).toBeVisible();
    await expect(page.getByText('Next step: Issue credential.')).toBeVisible();
    await issue.click();
    await expect(page.getByText('Credential issued', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Student ID 1.2' })).toBeVisible();
    // The holder stores it: done, with the revocation ids of the revocable definition.
    await expect(page.locator('.page-head').getByText('Done')).toBeVisible();
    await expect(await technicalField(page, 'Revocation registry id')).toHaveText(/:4:.*:CL_ACCUM:/);
    await page.screenshot({ path: test.info().outputPath('issued.png'), fullPage: true });
  });

  test('a bad field is shown on the field and nothing is sent', async ({ loggedInAs }) => {
    const page = await loggedInAs('issuer', '/credentials/new');
    await typeIdsUnderAdvanced(page);
    await page.getByRole('group', { name: 'Indy filter' }).getByLabel('Credential definition id').fill('not-a-credential-definition');
    await page.getByLabel('Attribute 1 name').fill('name');
    await page.getByRole('button', { name: 'Send offer' }).click();
    const field = page.getByRole('group', { name: 'Indy filter' }).getByLabel('Credential definition id');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^not a valid indy credential definition id/)).toBeVisible();
    await expect(page.getByText('Choose who receives the offer.')).toBeVisible();
    await expect(page).toHaveURL(/\/credentials\/new$/);
  });

  test('the agent’s refusal is shown, and the form keeps what was typed', async ({ loggedInAs, consoleErrors }) => {
    consoleErrors.allow(/status of 400/);
    const page = await loggedInAs('issuer', '/credentials/new');
    await typeIdsUnderAdvanced(page);
    await page.getByLabel('Connection').selectOption({ label: 'Chen Wei' });
    await page.getByRole('group', { name: 'Indy filter' }).getByLabel('Schema name').fill('Student ID');
    await fillAttributes(page, { name: 'Chen Wei' });
    await page.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByRole('alert')).toContainText('mismatch corresponding schema attributes');
    await expect(page.getByLabel('Attribute 1 value')).toHaveValue('Chen Wei');
  });

  // @serial: it abandons and removes the newest offer sent, which beside it may be another journey's.
  test('abandon asks for a reason; remove asks for confirmation', { tag: '@serial' }, async ({ loggedInAs }) => {
    const page = await loggedInAs('issuer', '/credentials?state=offer-sent');
    await page.getByRole('table', { name: 'Credential exchanges' }).locator('tbody tr a').first().click();
    await page.getByRole('button', { name: 'Abandon…' }).click();
    const abandon = page.getByRole('dialog', { name: 'Abandon this exchange?' });
    await abandon.getByRole('button', { name: 'Abandon exchange' }).click();
    await expect(abandon.getByText('Say why the exchange is abandoned')).toBeVisible();
    await abandon.getByLabel('Reason').fill('Sent to the wrong person');
    await abandon.getByRole('button', { name: 'Abandon exchange' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sent to the wrong person' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abandon…' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove…' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove this exchange record?' });
    await remove.getByRole('button', { name: 'Keep it' }).click();
    await expect(remove).toBeHidden();
    await page.getByRole('button', { name: 'Remove…' }).click();
    await remove.getByRole('button', { name: 'Remove record' }).click();
    await expect(page).toHaveURL(/\/credentials$/);
    await expect(page.getByText('Record removed')).toBeVisible();
  });
});

test('as holder: accept a peer’s offer, then store the credential', async ({ loggedInAs, request }) => {
  const connections = await (await request.get(`http://127.0.0.1:${SANDBOX_PORT}/connections`, { headers: { 'x-api-key': SANDBOX_API_KEY } })).json();
  const faber = connections.results.find((c: { their_label: string }) => c.their_label === 'Faber College');
  const offer = await (
    await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/peers/credential-offer`, {
      headers: { 'x-api-key': SANDBOX_API_KEY },
      data: { connection_id: faber.connection_id },
    })
  ).json();

  const page = await loggedInAs('issuer', `/credentials/${offer.cred_ex_id}`);
  await expect(page.getByText('Next step: Review offer.')).toBeVisible();
  // What is offered, and by whom, before anything is asked for.
  const review = page.getByRole('region', { name: 'Review the offer' });
  await expect(review.getByText('Faber College')).toBeVisible();
  await expect(review.getByRole('table', { name: 'Values offered' }).getByRole('row')).not.toHaveCount(1);
  await page.getByRole('button', { name: 'Accept and request the credential' }).click();
  await expect(page.getByText('Request sent', { exact: true }).first()).toBeVisible();
  const store = page.getByRole('button', { name: 'Store credential' });
  await expect(store).toBeVisible();
  await store.click();
  await expect(page.locator('.page-head').getByText('Done')).toBeVisible();
  await expect(await technicalField(page, 'Credential id')).toHaveText(/^[0-9a-f-]{36}$/);
});

test.describe('on an anoncreds wallet', () => {
  test.use({ baseURL: `http://127.0.0.1:${ANONCREDS_BFF_PORT}` });

  test('an offer can carry both the indy and the anoncreds filter', async ({ loggedInAs }) => {
    const page = await loggedInAs('issuer', '/credentials/new');
    await typeIdsUnderAdvanced(page);
    await expect(page.getByRole('checkbox', { name: 'AnonCreds' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Indy' }).check();
    await page.getByLabel('Connection').selectOption({ label: 'Dana Okafor' });
    await page.getByRole('group', { name: 'Indy filter' }).getByLabel('Schema name').fill('Student ID');
    await page.getByRole('group', { name: 'AnonCreds filter' }).getByLabel('Schema name').fill('Student ID');
    await fillAttributes(page, studentValues);
    const preview = page.getByLabel('Request body');
    await expect(preview).toContainText('"indy"');
    await expect(preview).toContainText('"anoncreds"');
    await page.getByRole('button', { name: 'Send offer' }).click();
    const issue = page.getByRole('button', { name: 'Issue credential' });
    await expect(issue).toBeVisible();
    // The holder took the anoncreds format; the agent makes the issuer's detail record only at issue.
    const raw = await rawRecord(page);
    await expect(raw).toContainText('"anoncreds": null');
    await issue.click();
    await expect(raw).toContainText(/"anoncreds": \{/);
  });
});
