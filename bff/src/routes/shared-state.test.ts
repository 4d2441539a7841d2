import { describe, expect, it } from 'vitest';
import { compileTrustProxy } from '../middleware/client-address.js';
import type { WalletStatus } from '@credence/shared';
import { AGENT_KEY, testBff } from '../test/harness.js';

type Audit = { entries: { actor: string; action: string; status: number; target: Record<string, string> }[] };

describe('two instances on one store', () => {
  it('a session made on one works on the other, and a logout on either ends it on both', async () => {
    const a = await testBff();
    const b = await testBff({ store: a.store });
    const cookie = await a.cookieFor('issuer');
    expect((await b.send(cookie, 'GET', '/api/session')).status).toBe(200);
    expect((await b.send(cookie, 'DELETE', '/api/session')).status).toBe(204);
    expect((await b.send(cookie, 'GET', '/api/session')).status).toBe(401);
    // The first instance trusts its last look for at most a second.
    await new Promise((r) => setTimeout(r, 1_050));
    expect((await a.send(cookie, 'GET', '/api/session')).status).toBe(401);
  });

  it('closes an open event stream within a second of a logout on the other instance', async () => {
    const a = await testBff();
    const b = await testBff({ store: a.store });
    const cookie = await a.cookieFor('admin');
    const res = await a.app.request('/api/events', { headers: { cookie } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    const loggedOut = Date.now();
    await b.send(cookie, 'DELETE', '/api/session');
    let done = false;
    while (!done && Date.now() - loggedOut < 3_000) done = (await reader.read()).done;
    expect(done).toBe(true);
    expect(Date.now() - loggedOut).toBeLessThan(1_500);
  });

  it('an open event stream is not activity: the session still times out while the stream is open', async () => {
    const a = await testBff({ idleTtlMs: 600 });
    const cookie = await a.cookieFor('verifier');
    const res = await a.app.request('/api/events', { headers: { cookie } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let done = false;
    const opened = Date.now();
    while (!done && Date.now() - opened < 4_000) done = (await reader.read()).done;
    expect(done).toBe(true);
    expect((await a.send(cookie, 'GET', '/api/session')).status).toBe(401);
  });

  it('shows an upgrade started on one instance on the other, and the other goes on following it when the first dies', { timeout: 15_000 }, async () => {
    // A failed upgrade is seen only by following it (a done one shows in the wallet type itself).
    const a = await testBff({ sandbox: { upgrade: { durationMs: 300, outcome: 'fail' } } });
    const admin = await a.cookieFor('admin');
    const body = { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true };
    expect((await a.send(admin, 'POST', '/api/wallet/upgrade', body)).status).toBe(202);
    // The first instance dies at once: nobody follows the upgrade until the second takes its lapsed lease.
    a.stopFollowing();
    const b = await testBff({ store: a.store, upstream: (request) => a.sandbox.app.fetch(request) });
    expect((await b.send(admin, 'POST', '/api/wallet/upgrade', body)).status).toBe(409);
    let state = '';
    for (let i = 0; i < 400 && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      state = ((await (await b.send(admin, 'GET', '/api/wallet')).json()) as { upgrade: { state: string } }).upgrade.state;
    }
    expect(state).toBe('failed');
  });

  it('keeps what the wallet held when the upgrade started, so the other instance (any browser) can compare afterwards', { timeout: 15_000 }, async () => {
    const a = await testBff({ sandbox: { upgrade: { durationMs: 200, outcome: 'success' } } });
    const admin = await a.cookieFor('admin');
    const agent = async (path: string) => (await a.sandbox.app.fetch(new Request(`http://agent${path}`, { headers: { 'x-api-key': AGENT_KEY } }))).json();
    const { schema_ids } = (await agent('/schemas/created')) as { schema_ids: string[] };
    const { credential_definition_ids } = (await agent('/credential-definitions/created')) as { credential_definition_ids: string[] };
    const { rev_reg_ids } = (await agent('/revocation/registries/created')) as { rev_reg_ids: string[] };
    expect(credential_definition_ids.length).toBeGreaterThan(0);
    // Before any upgrade there is nothing to compare.
    expect(((await (await a.send(admin, 'GET', '/api/wallet')).json()) as WalletStatus).upgrade.before ?? null).toBeNull();

    const body = { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true };
    expect((await a.send(admin, 'POST', '/api/wallet/upgrade', body)).status).toBe(202);
    const b = await testBff({ store: a.store, upstream: (request) => a.sandbox.app.fetch(request) });
    let status: WalletStatus | undefined;
    for (let i = 0; i < 400 && status?.upgrade.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await (await b.send(admin, 'GET', '/api/wallet')).json()) as WalletStatus;
    }
    expect(status?.upgrade.state).toBe('done');
    const before = status!.upgrade.before!;
    expect(before.walletType).toBe('askar');
    expect(before.schemas.map((x) => x.id).sort()).toEqual([...schema_ids].sort());
    expect(before.credDefs.map((x) => x.id).sort()).toEqual([...credential_definition_ids].sort());
    expect([...before.registries].sort()).toEqual([...rev_reg_ids].sort());
    // Named as the wallet page names them: "Student ID 1.2 (tag)".
    for (const d of before.credDefs) expect(d.name).toMatch(/^\S.* \S+ \(.+\)$/);
  });
});

describe('the audit trail', () => {
  it('records nothing for anonymous requests, however many or large', async () => {
    const { app, send, cookieFor } = await testBff();
    const big = JSON.stringify({ cred_ex_id: 'x'.repeat(900_000) });
    for (let i = 0; i < 10; i++) {
      const res = await app.request('/api/revocation/revoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
      expect(res.status).toBe(401);
    }
    const admin = await cookieFor('admin');
    const { entries } = (await (await send(admin, 'GET', '/api/audit')).json()) as Audit;
    expect(entries.map((e) => e.action)).toEqual(['POST /api/session']);
  });

  it('records a login attempt under the name tried, and copies no field from a body that failed validation', async () => {
    const { login, send, cookieFor } = await testBff();
    expect((await login('mallory', 'wrong-password')).status).toBe(401);
    const admin = await cookieFor('admin');
    const refused = await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: 'planted-id', rev_reg_id: 'x', unknown_field: true });
    expect(refused.status).toBe(400);
    const { entries } = (await (await send(admin, 'GET', '/api/audit')).json()) as Audit;
    expect(entries.map((e) => `${e.actor} ${e.action} ${e.status}`)).toEqual([
      'admin POST /api/revocation/revoke 400',
      'admin POST /api/session 200',
      'mallory POST /api/session 401',
    ]);
    expect(entries[0]!.target).toEqual({ request_id: expect.any(String) });
  });

  it('exports the filtered log as CSV, with formulas made harmless', async () => {
    const { login, send, cookieFor } = await testBff();
    // A name a spreadsheet would read as a formula.
    expect((await login('-1@evil', 'wrong-password')).status).toBe(401);
    await login('someone', 'wrong-password');
    const admin = await cookieFor('admin');
    const res = await send(admin, 'GET', '/api/audit/export.csv?outcome=failure');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="credence-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actor,via,role,action,target,status,outcome,summary,reason,link');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[^,]+,someone,,,POST \/api\/session,request_id=[0-9a-f-]{36},401,failure,tried to log in,[^,]+,$/);
    // The cell starts with a quote mark: a spreadsheet shows it as text rather than running it.
    expect(lines[2]).toContain(",'-1@evil,");
    const issuer = await cookieFor('issuer');
    expect((await send(issuer, 'GET', '/api/audit/export.csv')).status).toBe(403);
  });
});

describe('TRUST_PROXY', () => {
  it('counts login attempts per client behind a trusted proxy, and ignores X-Forwarded-For from anyone else', () => {
    const trust = compileTrustProxy('127.0.0.1, 10.0.0.0/8');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('10.2.3.4', 1)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(() => compileTrustProxy('not-an-address')).toThrow();
  });
});
