import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { startOidcSetup, type OidcSetup } from '../oidc-setup';
import { APPROVALS_BFF_PORT, APPROVALS_PROVIDER_PORT, APPROVALS_SANDBOX_PORT, SANDBOX_API_KEY, WEBHOOK_SECRET } from '../settings';
import { hashPassword } from '../../bff/src/auth/passwords';

/**
 * Two people for what cannot be undone (decision 040): a console of its own with APPROVALS=revoke and two admins
 * (a users file), its own sandbox agent (and the provider the setup brings, unused here). One admin asks to
 * revoke a credential; nothing happens until the other approves it from their Needs me.
 */
let setup: OidcSetup | undefined;
const PASSWORD = 'approvals-password-123';

test.use({ baseURL: `http://127.0.0.1:${APPROVALS_BFF_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const usersFile = join(mkdtempSync(join(tmpdir(), 'credence-approvals-users-')), 'users.json');
  const admin = async (username: string) => ({ username, role: 'admin', passwordHash: await hashPassword(PASSWORD) });
  writeFileSync(usersFile, JSON.stringify({ users: [await admin('ada'), await admin('grace')] }));
  setup = await startOidcSetup({
    bffPort: APPROVALS_BFF_PORT,
    sandboxPort: APPROVALS_SANDBOX_PORT,
    providerPort: APPROVALS_PROVIDER_PORT,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    bffEnv: { CREDENCE_USERS_FILE: usersFile, APPROVALS: 'revoke', APPROVAL_TTL_HOURS: '24' },
  });
});

test.afterAll(async () => {
  await setup?.stop();
});

async function logInAs(page: Page, username: string, path: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 }, pick: 0 },
  { name: '390 px', viewport: { width: 390, height: 844 }, pick: 1 },
] as const;

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('one admin asks to revoke a credential, nothing happens, and another admin approves it from Needs me', async ({ page }) => {
      await logInAs(page, 'ada', '/issued');
      const revoke = page.getByRole('button', { name: /^Revoke the credential of / }).nth(size.pick);
      await expect(revoke).toBeVisible();
      const holder = (await revoke.getAttribute('aria-label'))!.replace('Revoke the credential of ', '');
      await revoke.click();
      const dialog = page.getByRole('dialog', { name: `Revoke ${holder}’s credential?` });
      await expect(dialog.getByText('Another admin must approve this before it happens.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Revoke credential' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Ask for approval' }).click();
      await expect(dialog.getByText('Asked for approval.')).toBeVisible();
      await expect(dialog.getByText(/another admin must approve this before it is carried out/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`approvals-asked-${size.viewport.width}.png`) });
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Nothing reached the agent: the credential is not revoked.
      const pending = async () =>
        (await (await page.request.get('/api/revocation/pending')).json()) as { registries: { count?: number; cred_rev_ids?: string[] }[] };
      const before = JSON.stringify(await pending());

      // Ada's own request waits in her Needs me, where she could withdraw it; she cannot approve it.
      await page.goto('/queue');
      const mine = page.getByRole('list', { name: 'Your requests, waiting for another admin' });
      const what = new RegExp(`^Revoke .+ of ${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      await expect(mine.getByText(what).first()).toBeVisible();
      await expect(mine.getByRole('button', { name: /^Withdraw the request: Revoke / }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Approve: / })).toHaveCount(0);
      expect(JSON.stringify(await pending())).toBe(before);

      // Grace approves it: the stored request is carried out, and her list no longer holds it.
      await logInAs(page, 'grace', '/queue');
      const toDecide = page.getByRole('list', { name: 'Waiting for your approval' });
      const item = toDecide
        .getByRole('listitem')
        .filter({ has: page.getByText(what) })
        .first();
      await expect(item).toBeVisible();
      await expect(item.getByText(/^Asked by ada /)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`approvals-needs-me-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      await item.getByRole('button', { name: /^Approve: Revoke / }).click();
      await expect(page.getByText('Approved and carried out')).toBeVisible();
      await expect(toDecide.getByRole('listitem').filter({ has: page.getByText(what) })).toHaveCount(0);

      // The audit log names both: ada asked, grace approved and revoked.
      const audit = (await (await page.request.get('/api/audit?limit=10')).json()) as { entries: { actor: string; summary: string | null }[] };
      expect(audit.entries.some((e) => e.actor === 'grace' && e.summary?.startsWith('approved ada’s request to revoke'))).toBe(true);
      expect(audit.entries.some((e) => e.actor === 'grace' && e.summary?.startsWith('revoked ') && e.summary.includes(holder))).toBe(true);
      expect(audit.entries.some((e) => e.actor === 'ada' && e.summary?.startsWith('asked another person to approve: revoke'))).toBe(true);
    });

    test('a request is declined with a reason, which the form asks for', async ({ page }) => {
      await logInAs(page, 'ada', '/issued');
      const revoke = page.getByRole('button', { name: /^Revoke the credential of / }).nth(size.pick + 2);
      const holder = (await revoke.getAttribute('aria-label'))!.replace('Revoke the credential of ', '');
      await revoke.click();
      const dialog = page.getByRole('dialog', { name: `Revoke ${holder}’s credential?` });
      await dialog.getByRole('button', { name: 'Ask for approval' }).click();
      await expect(dialog.getByText('Asked for approval.')).toBeVisible();

      await logInAs(page, 'grace', '/queue');
      const item = page
        .getByRole('list', { name: 'Waiting for your approval' })
        .getByRole('listitem')
        .filter({ has: page.getByText(new RegExp(`^Revoke .+ of ${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)) })
        .first();
      await item.getByRole('button', { name: /^Decline: Revoke / }).click();
      const decline = page.getByRole('dialog', { name: 'Decline this request' });
      await decline.getByRole('button', { name: 'Decline' }).click();
      await expect(decline.getByText('Say why it is declined.')).toBeVisible();
      await decline.getByLabel('Why is it declined? The person who asked reads this.').fill('Wrong person: the card was renewed.');
      await page.screenshot({ path: test.info().outputPath(`approvals-decline-${size.viewport.width}.png`) });
      expect(await violations(page)).toEqual([]);
      await decline.getByRole('button', { name: 'Decline' }).click();
      await expect(page.getByText('Request declined')).toBeVisible();
      await expect(decline).toBeHidden();
    });
  });
}
