import { request } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { DEMO_PASSWORD } from '../settings';

/**
 * The server's refusals in the reader's language (issue 40): a verifier whose browser reads Canadian French
 * renames a proof template to a name another template has, and the server's refusal is worded in French; an admin
 * reading French finds the template saved in the audit log in French; a visitor whose phone reads French opens a
 * QR code's link that no longer exists and reads why in French.
 * @serial: the verifier's and the admin's language is remembered by the server; the other journeys read them in English.
 */
const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const proofOfAge = {
  indy: {
    name: 'Proof of age',
    version: '1.0',
    requested_attributes: { name: { name: 'name' } },
    requested_predicates: { age: { name: 'age', p_type: '>=', p_value: 18 } },
  },
};

test.describe('the server’s refusals in Canadian French', { tag: '@serial' }, () => {
  test.use({ locale: 'fr-CA' });

  test.afterAll(async ({ baseURL }) => {
    const api = await request.newContext({ baseURL: baseURL! });
    for (const username of ['verifier', 'admin']) {
      await api.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
      await api.put('/api/preferences', { data: { language: 'en' } });
    }
    await api.dispose();
  });

  for (const size of sizes) {
    test(`at ${size.name}: a name already in use is refused in French`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 409/);
      await page.setViewportSize(size.viewport);
      expect((await page.request.post('/api/session', { data: { username: 'verifier', password: DEMO_PASSWORD } })).ok()).toBe(true);
      const suffix = `${size.viewport.width}-${Date.now()}`;
      const make = async (name: string) => {
        const made = await page.request.post('/api/proof-templates', { data: { name, presentation_request: proofOfAge } });
        expect(made.status()).toBe(201);
        return ((await made.json()) as { id: string }).id;
      };
      const taken = `Âge au comptoir ${suffix}`;
      await make(taken);
      const id = await make(`Carte de bibliothèque ${suffix}`);

      await page.goto(`/templates/${id}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
      const name = page.getByRole('textbox', { name: /^(Name|Nom)$/ });
      await name.fill(taken);
      await page.getByRole('button', { name: /version 2/ }).click();
      // The server's refusal (409, code template.nameInUse with the name), worded from the French catalogue.
      const refusal = page.getByRole('alert').filter({ hasText: 'existe déjà' });
      await expect(refusal).toHaveText(`Un modèle nommé « ${taken} » existe déjà. Choisissez un autre nom.`);
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`name-in-use-${size.viewport.width}.png`) });

      // The admin, reading French too, finds the verifier's saved template in the audit log in French.
      await page.request.delete('/api/session');
      expect((await page.request.post('/api/session', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok()).toBe(true);
      await page.goto('/audit');
      const entry = page.getByRole('link', { name: `a enregistré le modèle de preuve « ${taken} » (version 1)` });
      await expect(entry).toBeVisible();
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`audit-${size.viewport.width}.png`) });
    });

    test(`at ${size.name}: a QR code’s link that no longer exists says so in French`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 404/);
      await page.setViewportSize(size.viewport);
      const answer = await page.goto('/i/no-such-code-at-this-counter-000000');
      expect(answer?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      await expect(page.getByRole('heading', { level: 1, name: 'Cette invitation a expiré ou n’existe pas' })).toBeVisible();
      await expect(page.getByText('Demandez un nouveau code QR au comptoir')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`qr-gone-${size.viewport.width}.png`) });
    });
  }
});
