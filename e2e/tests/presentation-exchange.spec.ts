import { expect, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

test('a verifier clerk builds a request with a restriction, a >= predicate and a non-revoked window, then verifies the answer', async ({ loggedInAs }) => {
  const page = await loggedInAs('verifier', '/presentations');
  await page.getByRole('link', { name: 'Request a proof' }).click();
  // The list stays on screen while the builder's code loads, and it has a Connection filter of its own.
  await expect(page.getByRole('heading', { level: 1, name: 'Request a proof' })).toBeVisible();
  await page.getByLabel('Connection').selectOption({ label: 'Dana Okafor' });
  await page.getByLabel('Name', { exact: true }).fill('Proof of enrolment');
  await page.getByLabel(/^Attribute name/).fill('name');
  // A restriction typed by hand is under the row's "Advanced".
  await page.getByText('Advanced: restrict by id').first().click();
  await page.getByRole('button', { name: '+ Restriction' }).first().click();
  await page.getByLabel('Attribute 1 restriction 1 kind').selectOption('schema_name');
  await page.getByLabel('Attribute 1 restriction 1 value').fill('Student ID');
  await page.getByRole('button', { name: 'Add number comparison' }).click();
  await page.getByLabel('Attribute', { exact: true }).fill('enrolment_year');
  await page.getByLabel('Operator').selectOption('>=');
  await page.getByLabel('Value (whole number)').fill('2018');
  const nonRevoked = page.getByLabel(/Ask for proof that the credentials are not revoked/);
  await nonRevoked.focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Between two days').check();
  await expect(page.getByLabel('Not revoked from')).toBeVisible();

  await page.getByText('Advanced: version, formats and what will be sent').click();
  const preview = page.getByLabel('Request body');
  await expect(preview).toContainText('"p_type": ">="');
  await expect(preview).toContainText('"schema_name": "Student ID"');
  await expect(preview).toContainText('"non_revoked"');
  const body = JSON.parse((await preview.textContent())!);
  const window = body.presentation_request.indy.non_revoked;
  expect(Number.isInteger(window.from) && Number.isInteger(window.to) && window.from < window.to).toBe(true);
  await page.screenshot({ path: test.info().outputPath('proof-request-form.png'), fullPage: true });

  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/presentations\/[0-9a-f-]{36}$/);
  // The prover answers; the page shows the presentation without a reload.
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeVisible();
  await expect(page.getByText('Not verified yet.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Dana Okafor' })).toBeVisible();
  await verify.click();
  const outcome = page.getByText(/^(Verified\.|Verification failed\.)$/);
  await expect(outcome).toBeVisible();
  if ((await outcome.textContent()) === 'Verification failed.') {
    // The agent's reasons, or (a credential revoked in the interval: the library says nothing) why there are none.
    await expect(
      page
        .locator('.callout-danger li')
        .first()
        .or(page.getByText(/^The agent gave no reason\./)),
    ).toBeVisible();
  }
  await expect(page.locator('.page-head').getByText(/^(Verified|Failed verification)$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('verified.png'), fullPage: true });
});

test('a bad predicate value is shown on its field', async ({ loggedInAs }) => {
  const page = await loggedInAs('verifier', '/presentations/new');
  await page.getByLabel('Name', { exact: true }).fill('Age check');
  await page.getByLabel(/^Attribute name/).fill('name');
  await page.getByRole('button', { name: 'Add number comparison' }).click();
  await page.getByLabel('Attribute', { exact: true }).fill('age');
  await page.getByLabel('Value (whole number)').fill('18.5');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByLabel('Value (whole number)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be a whole number')).toBeVisible();
  await page.getByLabel('Value (whole number)').fill('18');
  await expect(page.getByText('must be a whole number')).toBeHidden();
  await expect(page).toHaveURL(/\/presentations\/new$/);
});

test('as prover, an admin answers an incoming request by choosing credentials', async ({ loggedInAs, request }) => {
  const incoming = await (
    await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/peers/proof-request`, { headers: { 'x-api-key': SANDBOX_API_KEY }, data: {} })
  ).json();
  const page = await loggedInAs('admin', `/presentations/${incoming.pres_ex_id}`);
  await expect(page.getByText('Next step: Prepare presentation.')).toBeVisible();
  await page.getByRole('button', { name: 'Prepare presentation' }).click();
  const panel = page.getByRole('region', { name: 'Prepare the presentation' });
  await expect(panel).toBeFocused();
  // Each referent comes with a credential chosen; a predicate's only with one that can prove it.
  const selects = panel.getByRole('combobox');
  await expect(selects.first()).toBeVisible();
  for (const select of await selects.all()) {
    await expect(select).not.toHaveValue('');
  }
  // What is proved without showing it is said in words ("Born on or before …", "Average at least 70"), not `name >= value`.
  await expect(panel.getByRole('group').filter({ hasText: /[<>]=? ?\d/ })).toHaveCount(0);
  await panel.getByRole('checkbox', { name: 'Reveal the value' }).first().uncheck();
  await panel.getByRole('button', { name: 'Send presentation' }).click();
  await expect(page.getByText('Presentation sent', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.page-head').getByText('Done')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'not revealed' })).toBeVisible();
});
