import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';

// @serial: it counts the audit log's revocations and expects nothing else left pending.
test('an admin revokes a credential leaving it pending, finds it on the pending page, publishes it', { tag: '@serial' }, async ({ loggedInAs }) => {
  const page = await loggedInAs('admin', '/issued?status=issued&size=100');
  const table = page.getByRole('table', { name: 'Issued credentials' });
  await expect(table).not.toHaveAttribute('aria-busy');
  // A Student ID still valid that can be revoked (the Issued page offers "Revoke…" only then), its exchange still on the agent.
  await table
    .getByRole('row')
    .filter({ hasText: 'Student ID' })
    .filter({ has: page.getByRole('button', { name: /^Revoke the credential of / }) })
    .filter({ hasNotText: 'removed from the agent' })
    .first()
    .getByRole('link', { name: 'Exchange' })
    .click();
  // The registry and the credential's index in it are one click away, under "Technical details".
  const technical = page.getByRole('group').filter({ has: page.getByText('Technical details', { exact: true }) });
  await technical.getByText('Technical details', { exact: true }).click();
  const idOf = (term: string) => technical.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
  const revRegId = (await idOf('Revocation registry id').innerText()).trim();
  const credRevId = (await idOf('Credential revocation id').innerText()).trim();
  expect(revRegId).toMatch(/:4:.+:CL_ACCUM:|\/anoncreds\/v0\/REV_REG_DEF\//);
  expect(credRevId).toMatch(/^\d+$/);
  const credExId = page.url().split('/').at(-1)!;
  await page.getByRole('button', { name: 'Revoke…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this credential?' });
  await expect(dialog.getByText(/left pending: verifiers do not see it/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke credential' }).click();
  // Left pending, the dialog offers to publish now; this journey publishes later, from the Revocation page.
  await expect(dialog.getByText(/It is pending: verifiers still see the credential as valid/)).toBeVisible();
  await expect(page.locator('#revocations-waiting')).toHaveText('1 revocation waits to be published');
  await dialog.getByRole('button', { name: 'Publish later' }).click();
  await expect(dialog).toBeHidden();
  // The exchange's page says it is revoked, after a reload too, and offers no second "Revoke…".
  await expect(page.getByRole('link', { name: 'Revoked — not yet published' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke…' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Revoked — not yet published' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke…' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Revocation' }).click();
  const pending = page.getByRole('list', { name: 'Pending revocations' });
  // Each pending credential leads with its holder and the credential; the registry and index are under "Technical details".
  const row = pending
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Publish/ }) })
    .filter({ hasText: revRegId });
  const revokedOne = row.getByRole('listitem').filter({ hasText: 'Student ID' });
  await expect(revokedOne.getByText(/ · Student ID \d/)).toBeVisible();
  await expect(revokedOne.getByText(revRegId)).toBeHidden();
  await revokedOne.getByText('Technical details', { exact: true }).click();
  await expect(revokedOne.getByText(revRegId, { exact: true })).toBeVisible();
  await expect(revokedOne.getByText(credRevId, { exact: true })).toBeVisible();
  // "Publish" says what it publishes, and publishes that registry.
  const [published] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/revocation/publish')),
    row.getByRole('button', { name: /^Publish the revocation of .+’s Student ID \d/ }).click(),
  ]);
  expect(published.postDataJSON()).toEqual({ rev_reg_ids: [revRegId] });
  await expect(page.getByText(/Published \d+ revocation/)).toBeVisible();
  await expect(page.getByText('Nothing is waiting to be published.')).toBeVisible();

  // Once published, the agent moves the exchange it still keeps to credential-revoked: the list filters by it.
  await page.goto('/credentials?state=credential-revoked&role=issuer&size=100');
  const revoked = page.getByRole('table', { name: 'Credential exchanges' });
  await expect(revoked).not.toHaveAttribute('aria-busy');
  await expect(revoked.locator(`a[href="/credentials/${credExId}"]`)).toBeVisible();
  await expect(page.getByLabel('State')).toHaveValue('credential-revoked');

  await page.getByRole('link', { name: 'Audit' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  // The admin's own doings: issuer staff's refused attempts (the next journey, run beside the others) are logged too.
  await page.getByLabel('Who (username)').fill('admin');
  await expect(page).toHaveURL(/actor=admin/);
  await expect(audit.getByRole('row').filter({ hasText: 'POST /api/revocation/revoke' })).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: 'POST /api/revocation/publish' })).toHaveCount(1);

  // The filtered log downloads as a CSV file holding what the table shows.
  await page.getByLabel('What (contains)').fill('revocation');
  await expect(audit.getByRole('row').filter({ hasText: 'POST /api/session' })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^credence-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  // A byte order mark first, so a spreadsheet reads the file as UTF-8 (decision 027).
  expect(text.startsWith('\uFEFF')).toBe(true);
  const csv = text.slice(1).trimEnd().split('\r\n');
  expect(csv[0]).toBe('at,actor,via,role,action,target,status,outcome,summary,reason,link');
  // The definitions journey before this one rotated registries (also under /api/revocation/): not this journey's.
  const actions = csv.slice(1).map((line) => line.split(',')[4]);
  expect(actions.filter((action) => !action?.includes('/active-registry/'))).toEqual(['POST /api/revocation/publish', 'POST /api/revocation/revoke']);
});

test('issuer staff cannot reach revocation, wallet or audit, in the app or the API', async ({ loggedInAs }) => {
  const page = await loggedInAs('issuer', '/credentials');
  for (const path of ['/revocation', '/wallet', '/audit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/credentials$/);
  }
  expect((await page.request.get('/api/revocation/pending')).status()).toBe(403);
  expect((await page.request.get('/api/wallet')).status()).toBe(403);
  expect((await page.request.get('/api/audit')).status()).toBe(403);
  expect((await page.request.post('/api/revocation/publish', { data: {} })).status()).toBe(403);
});
