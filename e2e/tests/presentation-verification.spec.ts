import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';

// A verifier clerk reads a presentation before and after verifying it: until the agent has verified it,
// its values are the wallet's claim, never "presented" or "proved"; then verified (or not, with why).

const proofRequest = {
  name: 'Proof of enrolment',
  version: '1.0',
  requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ schema_name: 'Student ID' }] } },
  requested_predicates: { '0_enrolment_year_GE_uuid': { name: 'enrolment_year', p_type: '>=', p_value: 2018, restrictions: [{ schema_name: 'Student ID' }] } },
};

/** Sends the request to Dana Okafor, as the proof request form does, but not verified on arrival: the clerk verifies. */
async function askDana(page: Page): Promise<string> {
  const { results } = (await (await page.request.get('/api/connections')).json()) as {
    results: { connection_id: string; their_label?: string; alias?: string }[];
  };
  const dana = results.find((c) => (c.alias ?? c.their_label) === 'Dana Okafor');
  expect(dana, 'the sandbox’s Dana Okafor').toBeTruthy();
  const sent = await page.request.post('/api/present-proof-2.0/send-request', {
    data: { connection_id: dana!.connection_id, auto_verify: false, presentation_request: { indy: proofRequest } },
  });
  expect(sent.status()).toBe(200);
  return ((await sent.json()) as { pres_ex_id: string }).pres_ex_id;
}

for (const [width, height, name] of [
  [1400, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`at ${width} px`, () => {
    // The phone in dark mode, the desktop in light: both colour schemes pass axe.
    test.use({ viewport: { width, height }, colorScheme: width < 500 ? 'dark' : 'light' });

    test(`a presentation reads as claimed until verified, then verified, with the credential and the person named (${name})`, async ({ loggedInAs }) => {
      const page = await loggedInAs('verifier', '/presentations');
      const presExId = await askDana(page);
      await page.goto(`/presentations/${presExId}`);

      // Dana's wallet answers; the page follows without a reload.
      const verify = page.getByRole('button', { name: 'Verify' });
      await expect(verify).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Student ID \S+ from Dana Okafor$/);
      const asked = page.getByRole('region', { name: 'What was asked and answered' });
      await expect(asked.getByRole('columnheader', { name: 'Claimed, not yet verified' })).toBeVisible();
      await expect(asked.getByRole('columnheader', { name: /^(Presented|Proved|Verified)$/ })).toHaveCount(0);
      await expect(asked.getByText('claimed to hold, not yet verified', { exact: true })).toBeVisible();
      // The credential asked for by name, how each item is answered in words; ids and formats under Technical details.
      await expect(asked.getByText('Proved without showing the value', { exact: true })).toBeVisible();
      await expect(asked).not.toContainText(':3:CL:');
      await expect(page.getByRole('heading', { level: 2, name: /version 1\.0/ })).toHaveCount(0);
      await expect(page.getByText('These values are what the wallet claims')).toBeVisible();
      const presented = page.getByRole('region', { name: 'Credential presented' });
      await expect(presented).toContainText(/Student ID \S+, issued by this agent \(claimed, not yet verified\)/);
      // Names on the page, ids one click away.
      const exchange = page.getByRole('region', { name: 'Exchange' });
      await expect(exchange.getByRole('link', { name: 'Dana Okafor' })).toBeVisible();
      await expect(exchange).not.toContainText(presExId);
      const technical = page.locator('details.technical-details');
      await expect(technical.getByText(presExId, { exact: true })).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`claimed-${name}.png`), fullPage: true });

      await verify.click();
      const outcome = page.getByText(/^(Verified\.|Verification failed\.)$/);
      await expect(outcome).toBeVisible();
      const verified = (await outcome.textContent()) === 'Verified.';
      await expect(asked.getByRole('columnheader', { name: verified ? 'Verified' : 'Not verified' })).toBeVisible();
      await expect(asked.getByRole('columnheader', { name: 'Claimed, not yet verified' })).toHaveCount(0);
      await expect(asked.getByText(verified ? 'proved, value not shown' : 'not proved', { exact: true })).toBeVisible();
      await expect(presented).toContainText(verified ? '(verified)' : '(not verified)');
      await page.getByText('Technical details').click();
      await expect(technical.getByText(presExId, { exact: true })).toBeVisible();
      const next = page.getByRole('navigation', { name: 'What next' });
      await expect(next.getByRole('link', { name: 'Request again from Dana Okafor' })).toHaveAttribute('href', /\/presentations\/new\?connection=/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`verified-${name}.png`), fullPage: true });

      // The list says the same of it (its own row: journeys beside this one add presentations too).
      await page.goto('/presentations');
      const row = page.getByRole('row').filter({ has: page.locator(`a[href="/presentations/${presExId}"]`) });
      await expect(row).toBeVisible();
      await expect(row).not.toContainText('claimed, not yet verified');
    });
  });
}
