import { describe, expect, it } from 'vitest';
import { multitenantTestSandbox, sendDispatched, WebhookSender, type Caller } from '@credence/sandbox/testing';
import { AgentContract } from '../test/agent-contract.js';

/**
 * The agent contract in multitenant mode: every /multitenancy route, and a whole issue → present →
 * revoke flow inside a tenant of each wallet type with its Bearer token, each call, answer and webhook
 * checked against ACA-Py 1.6.1's OpenAPI document; every tenant webhook names its wallet (x-wallet-id).
 */
const contract = await AgentContract.create();
type Json = Record<string, any>;
const PREVIEW = 'issue-credential/2.0/credential-preview';

function startAgent() {
  const tenantWebhooks: { topic: string; walletId: string | undefined }[] = [];
  // What the agent posts, as the process sends it (main.ts → serve.ts): URL and headers.
  const posted: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    posted.push({ url, headers: init.headers as Record<string, string> });
    return new Response('{}');
  }) as unknown as typeof globalThis.fetch;
  const send = sendDispatched(new WebhookSender({ targets: [], fetch, retryDelayMs: 0 }));
  // Each reading of the clock is a second later, so a re-minted token differs from the one before (iat is in seconds).
  let ms = Date.parse('2026-11-27T09:00:00Z');
  const t = multitenantTestSandbox({
    now: () => (ms += 1000),
    webhookUrls: ['http://console.example/webhooks#s3cret'],
    upgrade: { durationMs: 800 },
    onWebhook: (w) => {
      contract!.checkWebhook(w.topic, w.payload);
      tenantWebhooks.push({ topic: w.topic, walletId: w.walletId });
      send(w);
    },
  });
  const json = async (caller: Caller, method: string, path: string, body?: unknown, status = 200): Promise<Json> => {
    const request = t.request(method, path, caller, body);
    const response = await t.agent.app.fetch(request.clone());
    await contract!.checkCall(request, response.clone());
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(status);
    return response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as Json) : { text };
  };
  return { ...t, json, tenantWebhooks, posted };
}
type Agent = ReturnType<typeof startAgent>;

async function adminRoutes({ json, admin }: Agent) {
  await json(admin, 'GET', '/multitenancy/wallets');
  await json(admin, 'GET', '/multitenancy/wallets?wallet_name=city-library&limit=10&offset=0&descending=false');
  const created = await json(admin, 'POST', '/multitenancy/wallet', {
    wallet_name: 'harbour-clinic',
    wallet_key: 'clinic-key',
    wallet_type: 'kanon-anoncreds',
    label: 'Harbour Clinic',
    image_url: 'https://clinic.example/logo.png',
    wallet_dispatch_type: 'both',
    wallet_webhook_urls: ['http://clinic.example/hooks#clinic'],
    key_management_mode: 'managed',
    extra_settings: { ACAPY_AUTO_VERIFY_PRESENTATION: true, 'log-level': 'INFO' },
  });
  expect(created.token).toEqual(expect.any(String));
  const id = created.wallet_id as string;
  await json(admin, 'GET', `/multitenancy/wallet/${id}`);
  await json(admin, 'PUT', `/multitenancy/wallet/${id}`, {
    label: 'Harbour Clinic (east)',
    wallet_webhook_urls: [],
    extra_settings: { 'auto-respond-credential-offer': false },
  });
  const { token } = await json(admin, 'POST', `/multitenancy/wallet/${id}/token`, {});
  await json({ token: created.token }, 'GET', '/connections', undefined, 401);
  await json({ token }, 'GET', '/settings');
  await json(admin, 'POST', `/multitenancy/wallet/${id}/token`, { wallet_key: 'clinic-key' }, 400);
  await json(admin, 'PUT', `/multitenancy/wallet/${id}`, {}, 400);
  await json({ token }, 'GET', '/multitenancy/wallets', undefined, 401);
  await json(admin, 'DELETE', `/multitenancy/wallet/${id}`);
  await json({ token }, 'GET', '/connections', undefined, 401);
  const second = await json(admin, 'POST', '/multitenancy/wallet', { wallet_name: 'second', label: 'Second' });
  await json(admin, 'POST', `/multitenancy/wallet/${second.wallet_id}/remove`, {});
  await json(admin, 'GET', `/multitenancy/wallet/${second.wallet_id}`, undefined, 404);
  await json(admin, 'GET', '/status/config');
}

/** Issue, prove and revoke inside one tenant, with its own token and its own wallet's routes. */
async function tenantFlow(agent: Agent, name: string) {
  const { json, admin, settle } = agent;
  const tenant = agent.agent.tenantNamed(name)!;
  const { token } = await json(admin, 'POST', `/multitenancy/wallet/${tenant.record.wallet_id}/token`);
  const me = { token };
  const settings = await json(me, 'GET', '/settings');
  const kind = settings['wallet.type'] === 'askar' ? 'indy' : 'anoncreds';
  const store = tenant.sandbox.store;
  const credDef = store.ledger.credDefs.find((d) => d.issuedBy === 'self' && !d.heldElsewhere && d.kind === kind && d.revocable)!;
  const { results: connections } = await json(me, 'GET', '/connections?state=active&limit=100');
  const holder = connections.find((c: Json) => ['Alice Jones', 'Bob Smith', 'Chen Wei', 'Dana Okafor'].includes(c.their_label));
  expect(holder, `${name} has a person to issue to`).toBeDefined();
  await json(me, 'GET', `/connections/${holder.connection_id}`);
  if (kind === 'indy') await json(me, 'GET', '/credential-definitions/created');
  else await json(me, 'GET', '/anoncreds/credential-definitions');

  const offer = await json(me, 'POST', '/issue-credential-2.0/send-offer', {
    connection_id: holder.connection_id,
    filter: { [kind]: { cred_def_id: credDef.cred_def_id } },
    credential_preview: { '@type': PREVIEW, attributes: credDef.schema.attributes.map((a) => ({ name: a, value: `${a} of ${name}` })) },
  });
  await settle();
  const credExId = offer.cred_ex_id as string;
  expect((await json(me, 'GET', `/issue-credential-2.0/records/${credExId}`)).cred_ex_record.state).toBe('request-received');
  const issued = await json(me, 'POST', `/issue-credential-2.0/records/${credExId}/issue`, { comment: 'Welcome' });
  expect(issued[kind].cred_rev_id).toEqual(expect.any(String));
  await settle();
  expect((await json(me, 'GET', `/issue-credential-2.0/records/${credExId}`)).cred_ex_record.state).toBe('done');

  const attribute = credDef.schema.attributes[0]!;
  const request = await json(me, 'POST', '/present-proof-2.0/send-request', {
    connection_id: holder.connection_id,
    presentation_request: {
      [kind]: {
        name: 'Proof',
        version: '1.0',
        requested_attributes: { a: { name: attribute, restrictions: [{ cred_def_id: credDef.cred_def_id }] } },
        requested_predicates: {},
      },
    },
  });
  await settle();
  expect((await json(me, 'GET', `/present-proof-2.0/records/${request.pres_ex_id}`)).state).toBe('presentation-received');
  const verified = await json(me, 'POST', `/present-proof-2.0/records/${request.pres_ex_id}/verify-presentation`);
  expect(verified.state).toBe('done');

  const revocation = kind === 'indy' ? '/revocation' : '/anoncreds/revocation';
  await json(me, 'POST', `${revocation}/revoke`, { cred_ex_id: credExId, publish: true });
  expect((await json(me, 'GET', `/issue-credential-2.0/records/${credExId}`)).cred_ex_record.state).toBe('credential-revoked');
  const registries = kind === 'indy' ? await json(me, 'GET', '/revocation/registries/created') : await json(me, 'GET', '/anoncreds/revocation/registries');
  await json(me, 'GET', `${revocation}/registry/${encodeURIComponent(registries.rev_reg_ids[0])}`);
  // The other family is closed to this tenant; another tenant's record is not found; the admin key alone is refused.
  await json(me, 'GET', kind === 'indy' ? '/anoncreds/revocation/registries' : '/revocation/registries/created', undefined, 403);
  const others = agent.agent.tenants.all.find((t) => t !== tenant)!;
  const foreign = [...others.sandbox.store.credentials.keys()][0]!;
  await json(me, 'GET', `/issue-credential-2.0/records/${foreign}`, undefined, 404);
  await json(admin, 'GET', '/issue-credential-2.0/records', undefined, 401);
  return { token, walletId: tenant.record.wallet_id };
}

async function tenantUpgrade({ json, call }: Agent, token: string) {
  await json({ token }, 'POST', '/anoncreds/wallet/upgrade?wallet_name=city-library');
  await json({ token }, 'GET', '/connections', undefined, 503);
  for (let i = 0; i < 500 && (await call('GET', '/settings', { token })).status !== 200; i++) await new Promise((r) => setTimeout(r, 10));
  expect((await json({ token }, 'GET', '/settings'))['wallet.type']).toBe('askar-anoncreds');
  await json({ token }, 'GET', '/anoncreds/credential-definitions');
}

describe.skipIf(!contract)('the agent contract in multitenant mode (ACA-Py 1.6.1 OpenAPI)', () => {
  it('holds over every /multitenancy route and an issue → present → revoke flow in a tenant of each wallet type', async () => {
    const agent = startAgent();
    await adminRoutes(agent);
    const library = await tenantFlow(agent, 'city-library');
    const university = await tenantFlow(agent, 'northfield-university');
    await tenantUpgrade(agent, library.token);
    await agent.settle();

    const ops = [...contract!.operations];
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /multitenancy/wallets',
        'POST /multitenancy/wallet',
        'GET /multitenancy/wallet/{wallet_id}',
        'PUT /multitenancy/wallet/{wallet_id}',
        'POST /multitenancy/wallet/{wallet_id}/token',
        'DELETE /multitenancy/wallet/{wallet_id}',
        'POST /multitenancy/wallet/{wallet_id}/remove',
        'POST /anoncreds/wallet/upgrade',
      ]),
    );
    // Every webhook came from a tenant and names it (x-wallet-id); both tenants spoke.
    const ids = new Set(agent.tenantWebhooks.map((w) => w.walletId));
    expect(ids).toEqual(new Set([library.walletId, university.walletId]));
    // Posted to the base URL (the seeded tenants dispatch to base), with its #secret as x-api-key and the wallet id.
    expect(agent.posted).toHaveLength(agent.tenantWebhooks.length);
    agent.posted.forEach((p, i) => {
      expect(p.url).toBe(`http://console.example/webhooks/topic/${agent.tenantWebhooks[i]!.topic}/`);
      expect(p.headers).toEqual({ 'content-type': 'application/json', 'x-api-key': 's3cret', 'x-wallet-id': agent.tenantWebhooks[i]!.walletId });
    });
    expect(agent.tenantWebhooks.map((w) => w.topic)).toEqual(expect.arrayContaining(['issue_credential_v2_0', 'present_proof_v2_0', 'issuer_cred_rev']));
  }, 60_000);

  it('finds no request, answer or webhook that breaks the contract', () => {
    const shown = contract!.violations.slice(0, 40).map((v) => `${v.kind} ${v.at}\n    ${v.errors.slice(0, 4).join('\n    ')}`);
    expect(shown, contract!.summary()).toEqual([]);
    expect(contract!.calls).toBeGreaterThan(40);
    expect(contract!.webhooks).toBeGreaterThan(10);
  });
});
