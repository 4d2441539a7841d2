import { violations } from '../axe';
import { expect, test } from '../fixtures';

const sizes = [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const size of sizes) {
  test.describe(`attribute labels (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('an admin imports labels from an OCA bundle, sees them on the offer form, and clears them again', async ({ loggedInAs }) => {
      const page = await loggedInAs('admin', '/definitions');
      // A definition no other journey types values into (they use the Student ID): its labels are this test's.
      const button = page.getByRole('button', { name: /^Labels of (?!Student ID)/ }).first();
      const name = (await button.getAttribute('aria-label'))!.replace('Labels of ', '');
      await button.click();
      const editor = page.getByRole('region', { name: `Labels of ${name}` });
      const attributes = await editor.locator('td[data-label="Attribute"]').allTextContents();
      const first = attributes[0]!;
      const bundle = {
        capture_base: {
          type: 'spec/capture_base/1.0',
          attributes: Object.fromEntries(attributes.map((a) => [a, a.endsWith('_dateint') ? 'DateInt' : 'Text'])),
        },
        overlays: [{ type: 'spec/overlays/label/1.0', language: 'en', attribute_labels: { [first]: `Label of ${size.name}` } }],
      };
      await editor
        .getByLabel('Import from an OCA bundle (JSON, optional)')
        .setInputFiles({ name: 'OCABundle.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([bundle])) });
      await expect(editor.getByText(/^Imported 1 label \(language: en\)/)).toBeVisible();
      await expect(editor.getByLabel(`Label of ${first}`)).toHaveValue(`Label of ${size.name}`);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`labels-editor-${size.viewport.width}.png`), fullPage: true });
      await editor.getByRole('button', { name: 'Save labels' }).click();
      await expect(page.getByText(`Labels of ${name} saved`)).toBeVisible();

      // The offer form names the value by its label.
      await page.goto('/credentials/new');
      await page.getByLabel('Credential to offer').selectOption({ label: name });
      await expect(page.getByLabel(`Label of ${size.name}`, { exact: true })).toBeVisible();

      // Cleared again: the label is derived from the name.
      await page.goto('/definitions');
      await page.getByRole('button', { name: `Labels of ${name}` }).click();
      await page.getByLabel(`Label of ${first}`).fill('');
      await page.getByRole('button', { name: 'Save labels' }).click();
      await expect(page.getByText(`Labels of ${name} saved`)).toBeVisible();
    });
  });
}
