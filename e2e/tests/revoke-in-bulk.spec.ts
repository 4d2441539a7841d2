import { violations } from '../axe';
import { expect, logIn, test } from '../fixtures';

/*
 * Registry health and bulk revocation. Runs after the revocation journey (file order): the audit CSVs
 * and revoked counts it reads are not changed by what this spec does.
 */
// Desktop revokes what a search shows; the phone, everything issued to one holder (picked from a row).
const sizes = [
  { name: 'desktop', viewport: { width: 1400, height: 900 }, holder: 'Alice', drifted: true, oneHolder: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, holder: 'Bob', drifted: false, oneHolder: true },
];

for (const size of sizes) {
  // @serial: it revokes and publishes what a search shows, and reads the audit log, on the shared console.
  test.describe(`registry health and bulk revoke (${size.name})`, { tag: '@serial' }, () => {
    test.use({ viewport: size.viewport });

    test('an admin checks a registry against the ledger, applies the fix, and checks again clean', async ({ page }) => {
      await logIn(page, 'admin', '/definitions');
      // Journeys before this one (file order) may have made other definitions on the Student ID schema:
      // the seeded one is the definition whose registry drifted from the ledger.
      const candidates = page.getByRole('region').filter({ has: page.getByRole('heading', { name: /^Student ID 1\.2/ }) });
      await expect(candidates.first()).toBeVisible();
      let studentId = candidates.first();
      let check = studentId.getByRole('button', { name: 'Check against the ledger' }).first();
      const drift = /^\d+ credentials? (is|are) revoked in the wallet but not on the ledger/;
      for (let i = 0; i < (await candidates.count()); i++) {
        const region = candidates.nth(i);
        const buttons = region.getByRole('button', { name: 'Check against the ledger' });
        const results = region.getByText(/^(The ledger and the wallet agree|\d+ credentials? (is|are) revoked in the wallet)/);
        // A definition's registries load after its heading: counted once they are there (found in CI).
        await expect(buttons.first()).toBeVisible();
        for (let b = 0; b < (await buttons.count()); b++) {
          const before = await results.count();
          await buttons.nth(b).click();
          // Each registry says its result in plain words under it.
          await expect.poll(() => results.count()).toBeGreaterThan(before);
          if (!size.drifted || (await region.getByText(drift).count()) > 0) {
            studentId = region;
            check = buttons.nth(b);
            break;
          }
        }
        if (studentId === region) break;
      }
      if (size.drifted) {
        await expect(studentId.getByText(drift)).toBeVisible();
        await studentId.getByRole('button', { name: 'Apply the fix…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Write the missing revocations to the ledger?' });
        await expect(dialog.getByRole('listitem').first()).toBeVisible();
        await dialog.getByRole('button', { name: 'Apply the fix' }).click();
        await expect(page.getByText(/Ledger entry of the .* registry fixed: \d+ revocations? written/)).toBeVisible();
        await check.click();
      }
      // The drifted registry, checked again, agrees now (as do the others checked while looking).
      await expect(studentId.getByText(drift)).toHaveCount(0);
      await expect(studentId.getByText(/^The ledger and the wallet agree/).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('an admin revokes every credential a search (or one holder) shows as one batch, publishes once, and sees them revoked and audited', async ({
      page,
    }) => {
      await logIn(page, 'admin', `/issued?q=${encodeURIComponent(size.holder)}&status=issued`);
      await expect(page.getByRole('status').filter({ hasText: /credentials? match/ })).toBeVisible();
      let selection = `matching “${size.holder}”`;
      if (size.oneHolder) {
        // The first row's holder: only theirs, kept past the search's other matches.
        const only = page.getByRole('link', { name: /^only theirs: what was issued to / }).first();
        const name = (await only.getAttribute('aria-label'))!.replace('only theirs: what was issued to ', '');
        await only.click();
        await expect(page.getByText(`Only what was issued to ${name}.`)).toBeVisible();
        await expect(page.getByRole('table', { name: 'Issued credentials' }).getByRole('link', { name: /^only theirs/ })).toHaveCount(0);
        selection = `issued to ${name} matching “${size.holder}”`;
      }
      const currentList = page.url();
      await page.getByRole('button', { name: 'Revoke all shown…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke these credentials?' });
      await expect(dialog.getByText(/will be marked revoked, pending publication/)).toBeVisible();
      const listed = await dialog.getByRole('list', { name: 'Credentials to revoke' }).getByRole('listitem').count();
      expect(listed).toBeGreaterThan(0);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath('bulk-revoke-dialog.png') });
      const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/revocation/bulk-revoke');
      await dialog.getByRole('button', { name: /^Revoke \d+ credentials?$/ }).click();
      await expect(dialog.getByText(`Revoked ${listed}, pending publication.`, { exact: false })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('bulk-revoke-done.png') });
      // What was confirmed is the preview the dialog showed: its id and the number it listed.
      const confirmed = (await sent).postDataJSON() as { preview_id: string; expected_count: number };
      expect(confirmed.expected_count).toBe(listed);
      // The same request once more (a retry, a second click elsewhere): the first one's result, nothing revoked again.
      const again = await page.request.post('/api/revocation/bulk-revoke', { data: confirmed });
      expect(await again.json()).toMatchObject({ revoked: listed, repeated: true });
      await dialog.getByRole('button', { name: 'Publish now' }).click();
      await expect(page.getByText(/^Published \d+ revocations?: verifiers now see them revoked/)).toBeVisible();

      // Revocable ones are all revoked now; the Revoke… buttons are gone (non-revocable ones stay issued),
      // and a second bulk revocation offers nothing, saying why.
      await page.goto(currentList);
      await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Revoke the credential of/ })).toHaveCount(0);
      await page.getByRole('button', { name: 'Revoke all shown…' }).click();
      await expect(dialog.getByText(/cannot be revoked: (it was|they were) issued without a revocation registry|^No issued credential matches/)).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Revoke \d/ })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.goto(`/audit`);
      await expect(page.getByText(`revoked ${listed} credential${listed === 1 ? '' : 's'} in bulk ${selection}`).first()).toBeVisible();
      await expect(
        page.getByText(`asked again to revoke credentials in bulk ${selection}: nothing revoked again (the first request revoked ${listed})`).first(),
      ).toBeVisible();
    });
  });
}
