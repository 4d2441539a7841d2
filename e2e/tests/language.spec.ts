import { request, type Browser, type Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { DEMO_PASSWORD } from '../settings';

/**
 * Credence in French (issue 40): a clerk switches to Français on the login page, signs in, and Needs me speaks
 * French; in another browser the same clerk finds it French again once signed in (the server remembers it).
 * @serial: it changes the issuer's own language, which the other journeys read in English.
 */
const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function expectLang(page: Page, lang: string | RegExp): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(lang);
}
/** English, as the browser writes it (`en-US` here). */
const english = /^en(-[A-Z]{2})?$/;

async function fitsTheWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The header's language menu; on a phone it shows with the navigation, behind Menu. */
async function headerLanguage(page: Page, narrow: boolean, name: string) {
  if (narrow) await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('banner').getByRole('combobox', { name });
}

async function newBrowserWindow(browser: Browser, viewport: { width: number; height: number }, baseURL: string) {
  const context = await browser.newContext({ viewport, baseURL, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

test.describe('Credence in Canadian French', { tag: '@serial' }, () => {
  test.afterAll(async ({ baseURL }) => {
    // Whatever happened above, the issuer speaks English again for the journeys after this one.
    const api = await request.newContext({ baseURL: baseURL! });
    await api.post('/api/session', { data: { username: 'issuer', password: DEMO_PASSWORD } });
    await api.put('/api/preferences', { data: { language: 'en' } });
    await api.dispose();
  });

  // In order, on the serial console: at 1400 px the issuer has never chosen, so the login page's choice is kept;
  // the first journey ends in English, chosen in the header, which the phone's journey then finds remembered.
  for (const [index, size] of sizes.entries()) {
    test(`at ${size.name}: a clerk reads the login page and Needs me in French, and another browser finds it French after sign-in`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const narrow = size.viewport.width < 720;
      await page.setViewportSize(size.viewport);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await expectLang(page, english);

      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
      await expect(page.getByRole('heading', { level: 1, name: 'Ouvrir une session' })).toBeVisible();
      await expectLang(page, 'fr-CA');
      await expect(page.getByRole('option', { name: 'Français' })).toHaveAttribute('lang', 'fr-CA');
      expect(await violations(page)).toEqual([]);
      await fitsTheWidth(page, size.viewport.width);
      await page.screenshot({ path: test.info().outputPath(`login-fr-${size.viewport.width}.png`), fullPage: true });

      // The form's own checks speak French too.
      await page.getByRole('button', { name: 'Ouvrir une session' }).click();
      await expect(page.getByText('Entrez votre nom d’utilisateur')).toBeVisible();
      await page.getByLabel('Nom d’utilisateur').fill('issuer');
      await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Ouvrir une session' }).click();
      await expect(page.getByRole('button', { name: /Log out|Fermer la session/ })).toBeVisible();
      await page.goto('/queue');
      const main = page.getByRole('main');
      if (index > 0) {
        // The language the server remembers for the issuer (English, chosen last time) wins over this browser's;
        // the clerk picks French again in the header.
        await expect(main.getByRole('heading', { level: 1, name: 'Needs me' })).toBeVisible();
        await (await headerLanguage(page, narrow, 'Language')).selectOption({ label: 'Français' });
      }

      await expect(main.getByRole('heading', { level: 1, name: 'À traiter' })).toBeVisible();
      const requests = main.getByRole('region', { name: /^Demandes d’attestation à émettre/ });
      await expect(requests).toBeVisible();
      await expect(requests.getByRole('button', { name: /^Émettre toutes les demandes \(\d+\)$/ })).toBeVisible();
      await expect(requests.getByRole('link', { name: /^Émettre l’attestation : / }).first()).toBeVisible();
      await expect(requests.getByText(/· reçue /).first()).toBeVisible();
      await expectLang(page, 'fr-CA');
      expect(await violations(page)).toEqual([]);
      await fitsTheWidth(page, size.viewport.width);
      await page.screenshot({ path: test.info().outputPath(`needs-me-fr-${size.viewport.width}.png`), fullPage: true });

      // Another browser, English by default and with nothing chosen in it: the clerk's language follows them.
      const other = await newBrowserWindow(browser, size.viewport, baseURL!);
      await other.page.goto('/login');
      await expect(other.page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await other.page.getByLabel('Username').fill('issuer');
      await other.page.getByLabel('Password').fill(DEMO_PASSWORD);
      await other.page.getByRole('button', { name: 'Log in' }).click();
      await expect(other.page.getByRole('button', { name: /Log out|Fermer la session/ })).toBeVisible();
      await other.page.goto('/issued');
      await expectLang(other.page, 'fr-CA');
      await other.page.goto('/queue');
      await other.page.reload();
      await expect(other.page.getByRole('main').getByRole('heading', { level: 1, name: 'À traiter' })).toBeVisible();
      await expectLang(other.page, 'fr-CA');

      // And back to English, from the header, for every browser again.
      await (await headerLanguage(other.page, narrow, 'Langue')).selectOption({ label: 'English' });
      await expect(other.page.getByRole('main').getByRole('heading', { level: 1, name: 'Needs me' })).toBeVisible();
      await expectLang(other.page, english);
      expect(await violations(other.page)).toEqual([]);
      await other.context.close();
      await page.reload();
      await expect(main.getByRole('heading', { level: 1, name: 'Needs me' })).toBeVisible();
    });
  }

  test('at 390 px under the pseudo-locale: the converted pages’ text is all from the catalogues, and their longer words still fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const bracketed = /^⟦[^⟦⟧]+⟧$/;
    await page.goto('/login?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bracketed);
    await expectLang(page, 'en-XA');
    for (const label of await page.locator('main label, main button, main h1, main p').allTextContents()) expect(label.trim()).toMatch(bracketed);
    await page.locator('#username').fill('issuer');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByRole('banner')).toBeVisible();

    await page.goto('/queue?lang=pseudo');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(bracketed);
    await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText(/^⟦[^⟧]+⟧ \d+$/);
    // Labels, options, buttons and the empty or loading states are the page's own words; what is listed is data.
    for (const text of await main.locator('label, option, button, .queue-group-head h2, .page-head p').allTextContents()) {
      expect(text.trim()).toMatch(/^(⟦[^⟦⟧]+⟧)( \d+)?$|^(⟦[^⟦⟧]+⟧\s*)+$/);
    }
    await fitsTheWidth(page, 390);
    await page.screenshot({ path: test.info().outputPath('needs-me-pseudo-390.png'), fullPage: true });
  });
});
