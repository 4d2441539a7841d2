import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';

// A clerk's detail pages speak names: the credential and the person in the title, ids behind Technical
// details, and the next useful step at the end. The counter's check opens from its address as it will be asked.

const fitsTheWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const [width, height, name] of [
  [1400, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`at ${width} px`, () => {
    // The phone in dark mode, the desktop in light: both colour schemes pass axe.
    test.use({ viewport: { width, height }, colorScheme: width < 500 ? 'dark' : 'light' });

    test(`an issued credential's page names the credential and the person and ends with the next step (${name})`, async ({ loggedInAs }) => {
      const page = await loggedInAs('issuer', '/credentials');
      const { results } = (await (await page.request.get('/api/register/exchanges?kind=credential&role=issuer&state=done&limit=50')).json()) as {
        results: { exchange_id: string; connection_id: string | null; connection_label: string | null; removed_from_agent: boolean }[];
      };
      const issued = results.find((r) => r.connection_id && r.connection_label && !r.removed_from_agent);
      expect(issued, 'a credential the sandbox issued to a connection').toBeTruthy();
      await page.goto(`/credentials/${issued!.exchange_id}`);
      const person = issued!.connection_label!;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(` for ${person}$`));
      const technical = page.locator('details.technical-details');
      await expect(technical).not.toHaveAttribute('open');
      await expect(page.getByRole('region', { name: 'Exchange' })).not.toContainText(issued!.exchange_id);
      const next = page.getByRole('navigation', { name: 'What next' });
      await expect(next.getByRole('link', { name: `Offer another credential to ${person}` })).toHaveAttribute(
        'href',
        `/credentials/new?connection=${issued!.connection_id}`,
      );
      await expect(next.getByRole('link', { name: `Back to ${person}` })).toBeVisible();
      await technical.getByText('Technical details').click();
      await expect(technical.getByText(issued!.exchange_id, { exact: true })).toBeVisible();
      await fitsTheWidth(page, width);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`credential-${name}.png`), fullPage: true });
    });

    test(`the counter opened from a link shows the check the link names, and asks exactly that (${name})`, async ({ loggedInAs }) => {
      const page = await loggedInAs('verifier', '/presentations');
      const ids = ((await (await page.request.get('/api/credential-definitions/created')).json()) as { credential_definition_ids: string[] })
        .credential_definition_ids;
      const credDefId = ids[0]!;
      const definition = (
        (await (await page.request.get(`/api/credential-definitions/${encodeURIComponent(credDefId)}`)).json()) as {
          credential_definition: { schemaId: string };
        }
      ).credential_definition;
      const schema = ((await (await page.request.get(`/api/schemas/${definition.schemaId}`)).json()) as { schema: { name: string; attrNames: string[] } })
        .schema;
      const [first, second] = schema.attrNames;
      await page.goto(`/presentations/counter?definition=${encodeURIComponent(credDefId)}&show=${first},${second}`);
      const select = page.getByLabel('Credential to check');
      await expect(select).toHaveValue(credDefId);
      await expect(select.locator('option:checked')).toHaveText(new RegExp(`^${schema.name} `));
      // Each attribute under its label (set on /definitions, else derived from its name).
      const box = (attribute: string) => page.locator(`input[type="checkbox"][value="${attribute}"]`);
      await expect(box(first!)).toBeChecked();
      await expect(box(second!)).toBeChecked();
      const labels = await Promise.all([first!, second!].map(async (a) => (await page.locator('label.check', { has: box(a) }).textContent())!.trim()));
      await expect(page.getByText('The QR code will ask for:')).toHaveText(`The QR code will ask for: ${labels.join(', ')}`);
      await fitsTheWidth(page, width);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`counter-link-${name}.png`), fullPage: true });

      const created = page.waitForResponse((r) => r.url().endsWith('/api/present-proof-2.0/create-request') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Show QR code', exact: true }).click();
      const sent = (await created).request().postDataJSON() as {
        presentation_request: Record<string, { requested_attributes: Record<string, { name: string; restrictions: unknown[] }> }>;
      };
      const asked = Object.values(sent.presentation_request)[0]!.requested_attributes;
      expect(Object.values(asked).map((a) => a.name)).toEqual([first, second]);
      expect(Object.values(asked).every((a) => JSON.stringify(a.restrictions) === JSON.stringify([{ cred_def_id: credDefId }]))).toBe(true);
      await expect(page.getByRole('img', { name: /QR code of the proof request/ })).toBeVisible();
      // The address names the check now: a reload opens the same.
      await page.reload();
      await expect(page.getByLabel('Credential to check')).toHaveValue(credDefId);
    });
  });
}
