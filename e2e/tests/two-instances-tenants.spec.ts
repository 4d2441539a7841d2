import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { DEMO_PASSWORD, SANDBOX_API_KEY, TWO_MT_BFF_PORTS, TWO_MT_NGINX_PORT, TWO_MT_SANDBOX_PORT, WEBHOOK_SECRET } from '../settings';
import { startCluster, type Cluster } from '../two-instances-setup';

/**
 * docs/deploying.md with a multitenant agent: two compiled BFFs on one Postgres and one Redis behind nginx,
 * both fronting the multitenant sandbox (each adopts its seeded tenants at start, under one TENANT_TOKEN_KEY).
 * One organisation's records and live events never reach the other's staff, whichever instance serves whom.
 */
let cluster: Cluster | undefined;

test.use({ baseURL: `http://127.0.0.1:${TWO_MT_NGINX_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({
    nginxPort: TWO_MT_NGINX_PORT,
    bffPorts: TWO_MT_BFF_PORTS,
    sandboxPort: TWO_MT_SANDBOX_PORT,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sessionSecret: 'two-instances-tenants-session-secret-0123456789',
    demoPassword: DEMO_PASSWORD,
    multitenant: { tokenKey: '6d'.repeat(32) },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: `http://127.0.0.1:${TWO_MT_NGINX_PORT}` })).newPage();
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  return page;
}

interface Session {
  tenant: { id: string; label: string } | null;
}

test('two organisations through nginx on two instances: each sees only its own records and events', async ({ browser }) => {
  test.setTimeout(90_000);
  const { bffUrls } = cluster!;
  const university = await signedIn(browser, 'university-admin');
  const library = await signedIn(browser, 'library-admin');
  const libraryWallet = ((await (await library.request.get('/api/session')).json()) as Session).tenant!;
  const universityWallet = ((await (await university.request.get('/api/session')).json()) as Session).tenant!;
  expect(libraryWallet.label).toBe('City Library');
  expect(universityWallet.label).toBe('Northfield University');

  // Each organisation's Events page open on each instance's own port (the same cookies: ports do not separate them).
  const eventsPages: { who: 'university' | 'library'; page: Page }[] = [];
  for (const [who, page] of [
    ['university', university],
    ['library', library],
  ] as const) {
    for (const url of bffUrls) {
      const other = await page.context().newPage();
      await other.goto(`${url}/events`);
      await expect(other.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
      eventsPages.push({ who, page: other });
    }
  }

  // A library webhook delivered to each instance in turn, as the agent would (x-wallet-id): on both instances the
  // library's staff see it live, the university's never do.
  for (const [index, url] of bffUrls.entries()) {
    const id = randomUUID();
    const delivery = await library.request.post(`${url}/webhooks/topic/issue_credential_v2_0/`, {
      headers: { 'x-api-key': WEBHOOK_SECRET, 'x-wallet-id': libraryWallet.id },
      data: { cred_ex_id: id, state: 'offer-sent', role: 'issuer' },
    });
    expect(await delivery.json(), `delivered to instance ${index + 1}`).toEqual({ accepted: true, duplicate: false });
    for (const { page } of eventsPages.filter((e) => e.who === 'library')) await expect(page.getByRole('link', { name: id })).toBeVisible();
    // The university's pages got the university's own event after it (so the check below is not early) and not the library's.
    const own = randomUUID();
    await university.request.post(`${url}/webhooks/topic/issue_credential_v2_0/`, {
      headers: { 'x-api-key': WEBHOOK_SECRET, 'x-wallet-id': universityWallet.id },
      data: { cred_ex_id: own, state: 'offer-sent', role: 'issuer' },
    });
    for (const { page } of eventsPages.filter((e) => e.who === 'university')) {
      await expect(page.getByRole('link', { name: own })).toBeVisible();
      await expect(page.getByRole('link', { name: id })).toHaveCount(0);
    }
    // Nor is it in the university's register, on either instance; the library's has it (newest first).
    for (const bff of bffUrls) {
      await expect.poll(async () => (await (await library.request.get(`${bff}/api/register/exchanges?kind=credential`)).text()).includes(id)).toBe(true);
      expect(await (await university.request.get(`${bff}/api/register/exchanges?kind=credential`)).text()).not.toContain(id);
    }
  }

  // A webhook of a wallet no instance adopted, or of the base wallet (no x-wallet-id), reaches no one.
  const stray = randomUUID();
  const strays: Record<string, string>[] = [{ 'x-wallet-id': randomUUID() }, {}];
  for (const headers of strays) {
    const delivery = await library.request.post(`${bffUrls[0]}/webhooks/topic/issue_credential_v2_0/`, {
      headers: { 'x-api-key': WEBHOOK_SECRET, ...headers },
      data: { cred_ex_id: stray, state: 'offer-sent', role: 'issuer' },
    });
    expect(delivery.status()).toBeLessThan(300);
  }
  for (const { page } of eventsPages) await expect(page.getByRole('link', { name: stray })).toHaveCount(0);
  await eventsPages[0]!.page.screenshot({ path: test.info().outputPath('university-events-instance-1.png'), fullPage: true });
  await eventsPages[2]!.page.screenshot({ path: test.info().outputPath('library-events-instance-1.png'), fullPage: true });
});
