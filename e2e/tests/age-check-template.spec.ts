import type { Page, Request } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

// The clerk is in Auckland: on both days below the clerk's calendar day is not UTC's, and the age check counts the clerk's.
const CLERK_ZONE = 'Pacific/Auckland';
/** 27 November 2026, 20:00 UTC: already Saturday 28 November, 09:00, at the clerk's desk. */
const FIRST_DAY = new Date('2026-11-27T20:00:00Z');
/** 2 March 2027, 11:30 UTC: 3 March, 00:30, for the clerk. */
const SECOND_DAY = new Date('2027-03-02T11:30:00Z');

interface SentRequest {
  connection_id: string;
  presentation_request: Record<string, { requested_predicates: Record<string, { name: string; p_type: string; p_value: number }>; non_revoked?: unknown }>;
}

/** Sends the request on the page and gives back the body that left the browser. */
async function send(page: Page): Promise<SentRequest> {
  const sent = page.waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith('/api/present-proof-2.0/send-request'));
  await page.getByRole('button', { name: 'Send request' }).click();
  const body = (await sent).postDataJSON() as SentRequest;
  await expect(page).toHaveURL(/\/presentations\/[0-9a-f-]{36}$/);
  return body;
}

const onlyFormat = (body: SentRequest) => Object.values(body.presentation_request)[0]!;
const seconds = (day: Date) => Math.floor(day.getTime() / 1000);

for (const size of sizes) {
  test.describe(`an age check kept as a template, at ${size.name}`, () => {
    test.use({ viewport: size.viewport, timezoneId: CLERK_ZONE });

    test('asks for the date of the day it is used, each day (a fixed clock on two days)', async ({ page, loggedInAs }) => {
      const name = `Over 18 ${size.viewport.width}-${test.info().repeatEachIndex}-${test.info().retry}`;
      await page.clock.setFixedTime(FIRST_DAY);
      await loggedInAs('verifier', '/presentations/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Request a proof' })).toBeVisible();

      // Built in the clerk's words: the credential by name, its attributes ticked, "at least 18 years old".
      await page.getByLabel('Name', { exact: true }).fill('Age check');
      const attribute = page.getByRole('group', { name: 'Attribute 1' });
      const credential = attribute.getByLabel('From which credential');
      await expect(credential.locator('option', { hasText: /^Student ID/ }).first()).toBeAttached();
      const studentId = (await credential
        .locator('option', { hasText: /^Student ID/ })
        .first()
        .textContent())!;
      await credential.selectOption({ label: studentId });
      // Labels may be set on /definitions (another journey may have named them): the name's label is "Name" unless set.
      await attribute
        .getByRole('checkbox', { name: /^(Full )?name$/i })
        .first()
        .check();
      await page.getByRole('button', { name: 'Add age check (at least N years old)' }).click();
      const age = page.getByRole('group', { name: 'Predicate 1: age check' });
      await expect(age.getByLabel('From which credential')).toHaveValue(await credential.inputValue());
      await age.getByLabel('Date of birth from').selectOption('birthdate_dateint');
      await expect(age.getByLabel('At least (years old)')).toHaveValue('18');
      await page.getByLabel('Ask for proof that the credentials are not revoked').check();
      await expect(page.getByLabel('Now, at the moment the request is sent')).toBeChecked();
      const words = page.getByRole('region', { name: 'What will be asked' });
      await expect(words).toContainText(/Show (Full )?name — from Student ID/i);
      await expect(words).toContainText(/at least 18 years old: (Birthdate|Date of birth) on or before 28 Nov 2008/);
      await expect(words).toContainText('not revoked at the moment the request is sent');

      await page.getByRole('button', { name: 'Save as template…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as a template' });
      await dialog.getByLabel('Template name').fill(name);
      await dialog.getByRole('button', { name: 'Save template' }).click();
      await expect(dialog).toBeHidden();
      // A template has no recipient: saving one does not mark the form for the connection not chosen.
      await expect(page.getByText('Choose who is asked for the proof.')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`age-builder-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);

      // The JSON is one click away, under Advanced.
      await page.getByText('Advanced: version, formats and what will be sent').click();
      await expect(page.getByLabel('Request body')).toContainText('"p_value": 20081128');

      await page.getByLabel('Connection').selectOption({ label: 'Dana Okafor' });
      const first = await send(page);
      expect(Object.values(onlyFormat(first).requested_predicates)).toEqual([
        expect.objectContaining({ name: 'birthdate_dateint', p_type: '<=', p_value: 20081128 }),
      ]);
      expect(onlyFormat(first).non_revoked).toEqual({ from: seconds(FIRST_DAY), to: seconds(FIRST_DAY) });

      // The template says what it asks in words that stay true.
      await page.goto('/templates');
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('at least 18 years old (from Birthdate), not revoked now');
      const templateId = (await page.getByRole('link', { name, exact: true }).getAttribute('href'))!.split('/').at(-1)!;

      // Three months later, the same template, opened from a link with the connection: today's date, not the day it was saved.
      await page.clock.setFixedTime(SECOND_DAY);
      const dana = first.connection_id;
      await page.goto(`/presentations/new?template=${templateId}&connection=${dana}`);
      await expect(page.getByText(`Working from the template “${name}”, version 1.`)).toBeVisible();
      await expect(page.getByLabel('Connection')).toHaveValue(dana);
      await expect(page.getByLabel('Connection').locator('option:checked')).toHaveText('Dana Okafor');
      const ageAgain = page.getByRole('group', { name: 'Predicate 1: age check' });
      await expect(ageAgain.getByLabel('From which credential').locator('option:checked')).toHaveText(studentId);
      await expect(ageAgain.getByLabel('Date of birth from')).toHaveValue('birthdate_dateint');
      await expect(page.getByRole('region', { name: 'What will be asked' })).toContainText('Dana Okafor is asked to:');
      await expect(page.getByRole('region', { name: 'What will be asked' })).toContainText(/(Birthdate|Date of birth) on or before 3 Mar 2009/);
      await page.screenshot({ path: test.info().outputPath(`age-template-again-${size.viewport.width}.png`), fullPage: true });
      expect(await violations(page)).toEqual([]);
      const second = await send(page);
      expect(second.connection_id).toBe(dana);
      expect(Object.values(onlyFormat(second).requested_predicates)[0]).toMatchObject({ p_type: '<=', p_value: 20090303 });
      expect(onlyFormat(second).non_revoked).toEqual({ from: seconds(SECOND_DAY), to: seconds(SECOND_DAY) });
    });
  });
}
