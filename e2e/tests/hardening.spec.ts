import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, logIn, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT, SERIAL_SANDBOX_PORT, WEBHOOK_SECRET } from '../settings';

const HOSTILE = '<img src=x onerror=alert(1)>';
const SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0123';

const sandbox = (request: APIRequestContext, path: string, data: unknown = {}, port = SANDBOX_PORT) =>
  request.post(`http://127.0.0.1:${port}${path}`, { headers: { 'x-api-key': SANDBOX_API_KEY }, data });

test('values from the agent are shown as text, never run as HTML', async ({ loggedInAs, request }) => {
  const connection = await (await sandbox(request, '/sandbox/peers/connection', { label: HOSTILE })).json();
  const offer = await (
    await sandbox(request, '/sandbox/peers/credential-offer', { connection_id: connection.connection_id, values: { note: HOSTILE } })
  ).json();
  const abandoned = await (await sandbox(request, '/sandbox/peers/credential-offer', { connection_id: connection.connection_id })).json();
  expect((await sandbox(request, '/sandbox/peers/problem-report', { cred_ex_id: abandoned.cred_ex_id, description: HOSTILE })).status()).toBe(200);

  const page = await loggedInAs('issuer', '/credentials');
  // CSP would block the inline handler anyway; these prove the markup was never made in the first place.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const expectNoInjectedMarkup = async () => {
    expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('[onerror]').length)).toBe(0);
  };
  // The list: the peer's label in the connection column.
  await expect(page.getByRole('table', { name: 'Credential exchanges' }).getByText(HOSTILE).first()).toBeVisible();
  await expectNoInjectedMarkup();
  // The offer: the attribute's value.
  await page.goto(`/credentials/${offer.cred_ex_id}`);
  await expect(page.getByText(HOSTILE, { exact: true }).first()).toBeVisible();
  await expectNoInjectedMarkup();
  // The abandoned exchange: the agent's error message.
  await page.goto(`/credentials/${abandoned.cred_ex_id}`);
  await expect(page.getByText(HOSTILE).first()).toBeVisible();
  await expectNoInjectedMarkup();
  expect(dialogs).toEqual([]);
});

// @serial: it takes the agent down for 10 s: the @serial console's (SERIAL_SANDBOX_PORT), under every journey on it.
test('an agent outage shows the "agent unavailable" banner, and the page recovers by itself without a reload @serial', async ({
  loggedInAs,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 50[234]/);
  // An exchange the agent keeps (the register also lists those it removed once done: opening one of those is a 404).
  const offer = await (await sandbox(request, '/sandbox/peers/credential-offer', {}, SERIAL_SANDBOX_PORT)).json();
  const page = await loggedInAs('issuer', '/credentials');
  const link = page.getByRole('table', { name: 'Credential exchanges' }).locator(`a[href="/credentials/${offer.cred_ex_id}"]`).first();
  await expect(link).toBeVisible();
  let reloaded = false;
  page.on('load', () => (reloaded = true));

  expect((await sandbox(request, '/sandbox/outage', { ms: 10_000 }, SERIAL_SANDBOX_PORT)).status()).toBe(200);
  const agentIsDown = () =>
    request.get(`http://127.0.0.1:${SERIAL_SANDBOX_PORT}/status/live`, { timeout: 1_000 }).then(
      () => false,
      () => true,
    );
  await expect.poll(agentIsDown).toBe(true);
  // Whatever the person does next that needs the agent fails: here, opening an exchange (the list
  // itself is Credence's register, still there).
  await link.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Agent unavailable' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The console cannot reach the agent.');

  // The banner probes on its own; once the agent is back it goes and the page has its data again.
  await expect(page.getByRole('alert').filter({ hasText: 'Agent unavailable' })).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('The agent is available again.')).toBeVisible();
  // The query that failed was fetched again: the exchange's record is on screen.
  await expect(page.getByRole('heading', { level: 2, name: 'Exchange' })).toBeVisible();
  expect(reloaded).toBe(false);
});

test('no secret reaches the browser: not in any answer, header, console line, event or built asset', async ({ page, request }) => {
  const secrets = [SANDBOX_API_KEY, WEBHOOK_SECRET, SESSION_SECRET];
  const seen: { where: string; text: string }[] = [];
  const reading: Promise<void>[] = [];
  // Listening from the first request on: the login page, the login itself and the first load included.
  page.on('response', (response) => {
    reading.push(
      (async () => {
        const headers = Object.entries(await response.allHeaders())
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n');
        const streaming = (response.headers()['content-type'] ?? '').startsWith('text/event-stream');
        const body = streaming ? '' : await response.text().catch(() => '');
        seen.push({ where: response.url(), text: `${headers}\n${body}` });
      })(),
    );
  });
  page.on('console', (message) => seen.push({ where: 'console', text: message.text() }));
  await logIn(page, 'admin', '/credentials');
  await sandbox(request, '/sandbox/peers/credential-offer');
  for (const area of ['Credentials', 'Presentations', 'Revocation', 'Wallet', 'Audit', 'Events']) {
    await page.getByRole('link', { name: area, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The event stream as the browser gets it: these consoles end a stream after 4 s, so it can be read whole.
  await sandbox(request, '/sandbox/peers/credential-offer');
  const events = await page.request.get('/api/events', { timeout: 15_000 });
  const stream = await events.text();
  expect(stream).toContain('event: ready');
  seen.push({ where: '/api/events', text: stream });
  seen.push({ where: 'DOM', text: await page.content() });
  seen.push({ where: 'storage', text: JSON.stringify(await page.context().storageState()) });
  await Promise.all(reading);
  expect(seen.length).toBeGreaterThan(20);

  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  const assets = walk(dist);
  expect(assets.length).toBeGreaterThan(5);
  for (const file of assets) seen.push({ where: file, text: readFileSync(file, 'latin1') });

  for (const { where, text } of seen) for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 6)}… in ${where}`).toBe(false);
});
