import type { Locator, Page } from '@playwright/test';

/** The page's collapsed "Technical details" (ids and the agent's raw record), opened. */
export async function openTechnicalDetails(page: Page): Promise<Locator> {
  const details = page
    .getByRole('group')
    .filter({ has: page.getByText('Technical details', { exact: true }) })
    .last();
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.getByText('Technical details', { exact: true }).click();
  return details;
}

/** The value of one field of the page's technical details (e.g. 'Revocation registry id'), opened first. */
export async function technicalField(page: Page, label: string): Promise<Locator> {
  const details = await openTechnicalDetails(page);
  return details
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');
}

/** The agent's raw record under the technical details, opened. */
export async function rawRecord(page: Page): Promise<Locator> {
  const details = await openTechnicalDetails(page);
  const raw = details.getByRole('group').filter({ has: page.getByText('Raw record (JSON)', { exact: true }) });
  if (!(await raw.evaluate((element) => (element as HTMLDetailsElement).open))) await raw.getByText('Raw record (JSON)', { exact: true }).click();
  return raw.locator('pre');
}
