import { violations } from '../axe';
import { expect, test } from '../fixtures';

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 }, pick: 0 },
  { name: 'phone', viewport: { width: 390, height: 844 }, pick: 1 },
];

for (const size of sizes) {
  // @serial: it revokes and publishes on the shared console, and reads what waits to be published.
  test.describe(`revoking one credential, named (${size.name})`, { tag: '@serial' }, () => {
    test.use({ viewport: size.viewport });

    test('the dialog names the person and the credential with two values, not the registry; left pending, it offers Publish now; the navigation counts what waits', async ({
      loggedInAs,
    }) => {
      const page = await loggedInAs('admin', '/issued');
      const revoke = page.getByRole('button', { name: /^Revoke the credential of / }).nth(size.pick);
      await expect(revoke).toBeVisible();
      const holder = (await revoke.getAttribute('aria-label'))!.replace('Revoke the credential of ', '');
      // By the holder's name: a live update (the journey before publishing) may take a row's button away meanwhile.
      await page
        .getByRole('button', { name: `Revoke the credential of ${holder}`, exact: true })
        .first()
        .click();

      const dialog = page.getByRole('dialog', { name: `Revoke ${holder}’s credential?` });
      // The person and the credential, then two of its values ("Label: value · Label: value").
      const named = dialog.locator('.revoke-named');
      await expect(named.locator('p').first()).toHaveText(new RegExp(`^${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · .+ \\d`));
      await expect(named.locator('p').nth(1)).toHaveText(/^[^:]+: .+ · [^:]+: .+$/);
      await expect(
        dialog.getByText(new RegExp(`^This revokes ${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}’s .+ \\(.+\\)\\. It cannot be undone\\.`)),
      ).toBeVisible();
      // The registry and the index are one click away, not in what the admin reads and confirms.
      const registryId = dialog.getByText(/:4:.+:CL_ACCUM:|\/anoncreds\/v0\/REV_REG_DEF\//);
      await expect(registryId).toBeHidden();
      await page.screenshot({ path: test.info().outputPath(`revoke-named-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      await dialog.getByText('Technical details').click();
      await expect(registryId).toBeVisible();

      // Left pending (the default): the dialog offers to publish it now, as after a bulk revocation.
      await dialog.getByRole('button', { name: 'Revoke credential' }).click();
      await expect(dialog.getByText('Revoked:')).toBeVisible();
      await expect(dialog.getByText(/It is pending: verifiers still see the credential as valid/)).toBeVisible();
      // The navigation counts the revocations waiting to be published.
      await expect(page.locator('#revocations-waiting')).toHaveText(/^\d+ revocations? waits? to be published$/);
      await page.screenshot({ path: test.info().outputPath(`revoke-pending-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Publish now' }).click();
      await expect(page.getByText(/^Published \d+ revocations?: verifiers now see/)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.locator('#revocations-waiting')).toHaveCount(0);
    });
  });
}
