import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { BFF_PORT, SANDBOX_API_KEY, SANDBOX_PORT, WEBHOOK_SECRET } from '../settings';

const sandbox = (request: APIRequestContext, path: string, data: object = {}) =>
  request.post(`http://127.0.0.1:${SANDBOX_PORT}${path}`, { headers: { 'x-api-key': SANDBOX_API_KEY }, data });

const postWebhook = (request: APIRequestContext, topic: string, payload: object) =>
  request.post(`http://127.0.0.1:${BFF_PORT}/webhooks/topic/${topic}/`, { headers: { 'x-api-key': WEBHOOK_SECRET }, data: payload });

test('with the list open, a peer’s offer appears as a row and as a notification, without a reload', async ({ loggedInAs, request }) => {
  const page = await loggedInAs('issuer', '/credentials');
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Credential exchanges' }).locator('tbody tr');
  const offer = await (await sandbox(request, '/sandbox/peers/credential-offer')).json();
  await expect(page.getByText(/^Offer received from .+ —/)).toBeVisible();
  const row = rows.filter({ has: page.locator(`a[href="/credentials/${offer.cred_ex_id}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Offer received')).toBeVisible();
  await page.getByRole('link', { name: 'Review offer' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/credentials/${offer.cred_ex_id}$`));
});

test('a webhook posted as the agent posts it shows its advised action once, however often it is delivered', async ({ loggedInAs, request }) => {
  // An admin: the Events page is in an admin's navigation, not a clerk's.
  const page = await loggedInAs('admin', '/presentations');
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const payload = { pres_ex_id: randomUUID(), state: 'presentation-received', role: 'verifier', updated_at: '2026-11-21T10:00:00.000001Z' };
  for (let i = 0; i < 3; i++) expect((await postWebhook(request, 'present_proof_v2_0', payload)).ok()).toBe(true);
  await expect(page.getByText('Presentation received —')).toHaveCount(1);
  await page.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: payload.pres_ex_id })).toHaveCount(1);
  // The agent never held this one: it says so as it would, so later journeys do not find it "still on the agent".
  expect((await postWebhook(request, 'present_proof_v2_0', { ...payload, state: 'deleted', updated_at: '2026-11-21T10:00:01.000001Z' })).ok()).toBe(true);
});

test('after the connection drops, the indicator recovers and no event is lost', async ({ loggedInAs, request, context, consoleErrors }) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|net::ERR/);
  const page = await loggedInAs('admin', '/credentials');
  await page.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const ids = Array.from({ length: 5 }, () => randomUUID());
  await postWebhook(request, 'issue_credential_v2_0', { cred_ex_id: ids[0], state: 'offer-sent', role: 'issuer' });
  await expect(page.getByRole('link', { name: ids[0]! })).toBeVisible();

  // Offline, the stream (which the server ends every few seconds) cannot reconnect.
  await context.setOffline(true);
  await expect(page.getByRole('status', { name: /Live updates: (Reconnecting…|Offline)/ })).toBeVisible({ timeout: 15_000 });
  for (const id of ids.slice(1)) await postWebhook(request, 'issue_credential_v2_0', { cred_ex_id: id, state: 'offer-sent', role: 'issuer' });
  await context.setOffline(false);

  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 20_000 });
  for (const id of ids) await expect(page.getByRole('link', { name: id })).toBeVisible();
});
