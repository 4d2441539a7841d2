import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

async function adminBff(walletType: 'askar' | 'askar-anoncreds' = 'askar', upgradeMs = 60) {
  const bff = await testBff({ sandbox: { walletType, upgrade: { durationMs: upgradeMs } } });
  const admin = await bff.cookieFor('admin');
  // Issued and not yet revoked.
  const issued = [...bff.sandbox.store.credentials.values()].filter(
    (d) => d.cred_ex_record.role === 'issuer' && (d.indy ?? d.anoncreds)?.cred_rev_id && d.cred_ex_record.state !== 'credential-revoked',
  );
  return { ...bff, admin, issued };
}

describe('revocation through the BFF', () => {
  it('revokes leaving it pending, lists it as pending, publishes it', async () => {
    const { send, admin, issued, calls } = await adminBff();
    const detail = issued[0]!;
    const revoked = await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ revoked: true, via: '/revocation/revoke' });
    const sent = calls.find((c) => c.url.pathname === '/revocation/revoke')!;
    expect(JSON.parse(sent.body!)).toEqual({ cred_ex_id: detail.cred_ex_record.cred_ex_id, publish: false, notify: false });

    const pending = (await (await send(admin, 'GET', '/api/revocation/pending')).json()) as {
      registries: { rev_reg_id: string; cred_rev_ids: string[]; filter_kind: string }[];
    };
    expect(pending.registries).toEqual([{ rev_reg_id: detail.indy!.rev_reg_id, filter_kind: 'indy', cred_rev_ids: [detail.indy!.cred_rev_id] }]);
    const published = await send(admin, 'POST', '/api/revocation/publish', { rev_reg_ids: [detail.indy!.rev_reg_id] });
    expect(await published.json()).toEqual({ published: { [detail.indy!.rev_reg_id!]: [detail.indy!.cred_rev_id] } });
    expect(((await (await send(admin, 'GET', '/api/revocation/pending')).json()) as { registries: unknown[] }).registries).toEqual([]);
  });

  it('takes the holder’s connection from the record to notify', async () => {
    const { send, admin, issued, calls, sandbox } = await adminBff();
    const detail = issued[1]!;
    await send(admin, 'POST', '/api/revocation/revoke', {
      cred_ex_id: detail.cred_ex_record.cred_ex_id,
      publish: true,
      notify: true,
      notify_version: 'v2_0',
      comment: 'Lost card',
    });
    const sent = JSON.parse(calls.at(-1)!.body!);
    expect(sent).toMatchObject({ connection_id: detail.cred_ex_record.connection_id, notify: true, notify_version: 'v2_0', publish: true });
    expect(sandbox.revocation.notifications).toHaveLength(1);
  });

  it('uses the anoncreds interface on an anoncreds wallet, forwarding only what it accepts', async () => {
    const { send, admin, issued, calls } = await adminBff('askar-anoncreds');
    const indyIssued = issued.find((d) => d.indy)!;
    const res = await send(admin, 'POST', '/api/revocation/revoke', {
      rev_reg_id: indyIssued.indy!.rev_reg_id,
      cred_rev_id: indyIssued.indy!.cred_rev_id,
      filter_kind: 'indy',
    });
    expect(res.status).toBe(200);
    const sent = calls.at(-1)!;
    expect(sent.url.pathname).toBe('/anoncreds/revocation/revoke');
    expect(Object.keys(JSON.parse(sent.body!)).sort()).toEqual(['cred_rev_id', 'notify', 'publish', 'rev_reg_id']);
  });

  it('refuses a bad revoke body with 400 naming the fields, and anyone but an admin with 403', async () => {
    const { send, admin, cookieFor, calls } = await adminBff();
    const bad = await send(admin, 'POST', '/api/revocation/revoke', { rev_reg_id: 'R', cred_rev_id: 7, notify: true });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(['body.connection_id', 'body.cred_rev_id']);
    const issuer = await cookieFor('issuer');
    for (const [method, path] of [
      ['POST', '/api/revocation/revoke'],
      ['GET', '/api/revocation/pending'],
      ['POST', '/api/revocation/publish'],
      ['GET', '/api/wallet'],
      ['POST', '/api/wallet/upgrade'],
      ['GET', '/api/audit'],
    ]) {
      expect((await send(issuer, method!, path!, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(403);
    }
    expect(calls.filter((c) => c.url.pathname.includes('revocation') || c.url.pathname.includes('upgrade'))).toEqual([]);
  });
});

describe('wallet upgrade through the BFF', () => {
  it('refuses an incomplete confirmation, naming what is missing, and calls nothing', async () => {
    const { send, admin, calls } = await adminBff();
    const res = await send(admin, 'POST', '/api/wallet/upgrade', { wallet_name: 'test-wallet', confirm_wallet_name: 'test-walet' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      'body.backup_confirmed',
      'body.confirm_wallet_name',
    ]);
    const wrong = await send(admin, 'POST', '/api/wallet/upgrade', { wallet_name: 'other', confirm_wallet_name: 'other', backup_confirmed: true });
    expect(wrong.status).toBe(400);
    expect(calls.some((c) => c.url.pathname === '/anoncreds/wallet/upgrade')).toBe(false);
  });

  it('upgrades, tracks the 503 phase to the new type, and refuses a second upgrade', async () => {
    const { send, admin } = await adminBff('askar', 150);
    const body = { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true };
    const started = await send(admin, 'POST', '/api/wallet/upgrade', body);
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ upgrade: { state: 'in-progress' } });
    expect((await send(admin, 'POST', '/api/wallet/upgrade', body)).status).toBe(409);
    let status: { type: string | null; upgrade: { state: string } } = { type: null, upgrade: { state: '' } };
    for (let i = 0; i < 100 && status.upgrade.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await (await send(admin, 'GET', '/api/wallet')).json()) as typeof status;
    }
    expect(status).toMatchObject({ type: 'askar-anoncreds', upgrade: { state: 'done' } });
    const again = await send(admin, 'POST', '/api/wallet/upgrade', body);
    expect(again.status).toBe(409);
  });

  it('reports failed when the agent comes back with the old type', async () => {
    const bff = await testBff({ sandbox: { upgrade: { durationMs: 60, outcome: 'fail' } } });
    const admin = await bff.cookieFor('admin');
    await bff.send(admin, 'POST', '/api/wallet/upgrade', { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true });
    let state = '';
    for (let i = 0; i < 100 && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = ((await (await bff.send(admin, 'GET', '/api/wallet')).json()) as { upgrade: { state: string } }).upgrade.state;
    }
    expect(state).toBe('failed');
  });
});

describe('audit log', () => {
  it('records mutating calls and failed logins, and keeps them across a restart', async () => {
    const first = await adminBff();
    await first.login('admin', 'not-the-password');
    await first.send(first.admin, 'POST', '/api/revocation/revoke', { cred_ex_id: first.issued[0]!.cred_ex_record.cred_ex_id });
    await first.send(first.admin, 'GET', '/api/revocation/pending');
    // Another BFF instance on the same database.
    const second = await testBff({ store: first.store });
    const admin = await second.cookieFor('admin');
    const { entries } = (await (await second.send(admin, 'GET', '/api/audit?limit=10')).json()) as {
      entries: { actor: string; action: string; outcome: string; status: number; target: Record<string, string> }[];
    };
    // Newest first: the second process's login, then the first process's revoke, failed login and login.
    expect(entries.map((e) => `${e.actor} ${e.action} ${e.status}`)).toEqual([
      'admin POST /api/session 200',
      'admin POST /api/revocation/revoke 200',
      'admin POST /api/session 401',
      'admin POST /api/session 200',
    ]);
    expect(entries[1]!.target).toEqual({ cred_ex_id: first.issued[0]!.cred_ex_record.cred_ex_id, request_id: expect.any(String) });
    const failures = (await (await second.send(admin, 'GET', '/api/audit?outcome=failure')).json()) as { entries: unknown[] };
    expect(failures.entries).toHaveLength(1);
  });
});

describe('review fixes', () => {
  it('revokes by exchange id after the agent deleted the finished exchange record', async () => {
    const { send, admin, issued, sandbox, calls } = await adminBff();
    const detail = issued[2]!;
    const id = detail.cred_ex_record.cred_ex_id;
    sandbox.store.credentials.delete(id);
    // The BFF still asks the agent to revoke, on the wallet's interface: the agent keeps its
    // revocation record after the exchange is gone and finds the credential by it.
    const notify = await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: id, notify: true });
    expect(notify.status).toBe(400);
    expect(await notify.json()).toMatchObject({ errors: [{ path: 'body.connection_id' }] });
    const res = await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: id });
    expect(calls.some((c) => c.url.pathname === `/issue-credential-2.0/records/${id}`)).toBe(true);
    expect(calls.at(-1)!.url.pathname).toBe('/revocation/revoke');
    expect(res.status).toBe(200);
    const pending = (await (await send(admin, 'GET', '/api/revocation/pending')).json()) as { registries: { cred_rev_ids: string[] }[] };
    expect(pending.registries.flatMap((r) => r.cred_rev_ids)).toContain(detail.indy!.cred_rev_id);
  });

  it('lets only one of two simultaneous upgrade requests through', async () => {
    const { send, admin, calls } = await adminBff('askar', 200);
    const body = { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true };
    const [a, b] = await Promise.all([send(admin, 'POST', '/api/wallet/upgrade', body), send(admin, 'POST', '/api/wallet/upgrade', body)]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect(calls.filter((c) => c.url.pathname === '/anoncreds/wallet/upgrade')).toHaveLength(1);
  });

  it('records a state-changing request refused for its origin', async () => {
    const { app, admin, send } = await adminBff();
    await app.request('http://console.test/api/revocation/publish', {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json', origin: 'http://evil.test', host: 'console.test' },
      body: '{}',
    });
    const { entries } = (await (await send(admin, 'GET', '/api/audit?outcome=failure')).json()) as {
      entries: { action: string; status: number; actor: string }[];
    };
    // Made with the admin's cookie (a cross-site request): recorded as the admin's, refused.
    expect(entries[0]).toMatchObject({ status: 403, actor: 'admin', action: 'POST /api/revocation/publish' });
  });
});
