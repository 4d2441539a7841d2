import { expect, type Page } from '@playwright/test';

/**
 * The offer form's way for ids typed by hand (the seed's filter builder): under Advanced, the credential
 * "None: I will type the ids and attributes". The form then shows the formats, filters and attribute rows.
 */
export async function typeIdsUnderAdvanced(page: Page): Promise<void> {
  await page.getByText(/^Advanced:/).click();
  await page.getByLabel('Credential to offer').selectOption({ label: 'None: I will type the ids and attributes (Advanced)' });
  await expect(page.getByLabel('Attribute 1 name')).toBeVisible();
}

/** Fills the offer's labelled values (label → value); a date field takes YYYY-MM-DD, as its date picker does. */
export async function fillLabelled(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}
