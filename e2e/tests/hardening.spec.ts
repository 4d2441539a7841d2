import { readdirSync, readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT, WEBHOOK_SECRET } from '../settings';

const HOSTILE = '<img src=x onerror=alert(1)>';
const SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0123';

const sandbox = (request: APIRequestContext, path: string, data: unknown = {}) =>
  request.post(`http://127.0.0.1:${SANDBOX_PORT}${path}`, { headers: { 'x-api-key': SANDBOX_API_KEY }, data });

test('values from the agent are shown as text, never run as HTML', async ({ loggedInAs, request }) => {
  const connection = await (await sandbox(request, '/sandbox/peers/connection', { label: HOSTILE })).json();
  const offer = await (await sandbox(request, '/sandbox/peers/credential-offer', { connection_id: connection.connection_id, values: { note: HOSTILE } })).json();
  const abandoned = await (await sandbox(request, '/sandbox/peers/credential-offer', { connection_id: connection.connection_id })).json();
  expect((await sandbox(request, '/sandbox/peers/problem-report', { cred_ex_id: abandoned.cred_ex_id, description: HOSTILE })).status()).toBe(200);

  const page = await loggedInAs('issuer', '/credentials');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The list: the peer's label in the connection column.
  await expect(page.getByRole('table', { name: 'Credential exchanges' }).getByText(HOSTILE).first()).toBeVisible();
  // The offer: the attribute's value.
  await page.goto(`/credentials/${offer.cred_ex_id}`);
  await expect(page.getByText(HOSTILE, { exact: true }).first()).toBeVisible();
  // The abandoned exchange: the agent's error message.
  await page.goto(`/credentials/${abandoned.cred_ex_id}`);
  await expect(page.getByText(HOSTILE).first()).toBeVisible();
  await page.goto('/events');

  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('an agent outage shows the "agent unavailable" banner, and the page recovers by itself without a reload', async ({ loggedInAs, request, consoleErrors }) => {
  consoleErrors.allow(/status of 50[234]/);
  const page = await loggedInAs('issuer', '/credentials');
  const rows = page.getByRole('table', { name: 'Credential exchanges' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  let reloaded = false;
  page.on('load', () => (reloaded = true));

  expect((await sandbox(request, '/sandbox/outage', { ms: 5_000 })).status()).toBe(200);
  const agentIsDown = () => request.get(`http://127.0.0.1:${SANDBOX_PORT}/status/live`, { timeout: 1_000 }).then(() => false, () => true);
  await expect.poll(agentIsDown).toBe(true);
  // Whatever the person does next reaches the agent and fails: here, filtering the list by a thread.
  await page.getByLabel('Thread id').fill(randomUUID());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Agent unavailable' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The console cannot reach the agent.');

  // The banner probes on its own; once the agent is back it goes and the page has its data again.
  await expect(page.getByRole('alert').filter({ hasText: 'Agent unavailable' })).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('The agent is available again.')).toBeVisible();
  // The query that failed was fetched again: the (empty) answer for that thread is on screen.
  await expect(page.getByRole('heading', { name: /match these filters/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rows.first()).toBeVisible();
  expect(reloaded).toBe(false);
});

test('no secret reaches the browser: not in any answer, header, console line, event or built asset', async ({ loggedInAs, request }) => {
  const secrets = [SANDBOX_API_KEY, WEBHOOK_SECRET, SESSION_SECRET];
  const seen: { where: string; text: string }[] = [];
  const page = await loggedInAs('admin', '/credentials');
  page.on('response', async (response) => {
    const headers = Object.entries(await response.allHeaders()).map(([k, v]) => `${k}: ${v}`).join('\n');
    let body = '';
    if (!(response.headers()['content-type'] ?? '').startsWith('text/event-stream')) body = await response.text().catch(() => '');
    seen.push({ where: response.url(), text: `${headers}\n${body}` });
  });
  page.on('console', (message) => seen.push({ where: 'console', text: message.text() }));
  // Events the stream carries, as the page received them.
  await sandbox(request, '/sandbox/peers/credential-offer');
  for (const area of ['Credentials', 'Presentations', 'Revocation', 'Wallet', 'Audit', 'Events']) {
    await page.getByRole('link', { name: area, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/credentials');
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  seen.push({ where: 'DOM', text: await page.content() });
  seen.push({ where: 'storage', text: JSON.stringify(await page.context().storageState()) });
  expect(seen.length).toBeGreaterThan(20);

  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  const assets = walk(dist);
  expect(assets.length).toBeGreaterThan(5);
  for (const file of assets) seen.push({ where: file, text: readFileSync(file, 'latin1') });

  for (const { where, text } of seen) for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 6)}… in ${where}`).toBe(false);
});
