import { describe, expect, it } from 'vitest';
import { recordingSandbox, type TestSandboxOptions } from './testing.js';
import { DRIFTED_REVOCATIONS } from './store.js';

function agent(options: TestSandboxOptions = {}) {
  const base = recordingSandbox(options);
  const { sandbox } = base;
  // Issued and not yet revoked.
  const issued = [...sandbox.store.credentials.values()].filter(
    (d) => d.cred_ex_record.role === 'issuer' && (d.indy ?? d.anoncreds)?.cred_rev_id && d.cred_ex_record.state !== 'credential-revoked',
  );
  return { ...base, issued };
}

describe('sandbox revocation', () => {
  it('revokes by exchange id leaving it pending, shows it in pending_pub, and publishes it with a webhook', async () => {
    const a = agent();
    const detail = a.issued[0]!;
    const { rev_reg_id, cred_rev_id } = detail.indy!;
    expect((await a.call('POST', '/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id, publish: false })).json).toEqual({});
    const registry = await a.call('GET', `/revocation/registry/${encodeURIComponent(rev_reg_id!)}`);
    expect(registry.json.result.pending_pub).toEqual([cred_rev_id]);
    expect(a.webhooks.filter((w) => w.topic === 'issuer_cred_rev')).toEqual([]);
    const published = await a.call('POST', '/revocation/publish-revocations', {});
    expect(published.json).toEqual({ rrid2crid: { [rev_reg_id!]: [cred_rev_id] } });
    expect((await a.call('GET', `/revocation/registry/${encodeURIComponent(rev_reg_id!)}`)).json.result.pending_pub).toEqual([]);
    expect(a.webhooks.find((w) => w.topic === 'issuer_cred_rev')!.payload).toMatchObject({
      state: 'revoked',
      cred_ex_id: detail.cred_ex_record.cred_ex_id,
      cred_rev_id,
    });
    // The exchange the agent still keeps moves to credential-revoked.
    expect(a.statesOf('issue_credential_v2_0', 'cred_ex_id', detail.cred_ex_record.cred_ex_id)).toEqual(['credential-revoked']);
  });

  it('revokes by registry and id with publish, and notifies the holder when asked', async () => {
    const a = agent();
    const detail = a.issued[1]!;
    const body = {
      rev_reg_id: detail.indy!.rev_reg_id,
      cred_rev_id: detail.indy!.cred_rev_id,
      publish: true,
      notify: true,
      connection_id: detail.cred_ex_record.connection_id,
      comment: 'Fraud',
    };
    expect((await a.call('POST', '/revocation/revoke', body)).status).toBe(200);
    expect(a.sandbox.revocation.notifications).toEqual([
      { connection_id: body.connection_id, thread_id: `indy::${body.rev_reg_id}::${body.cred_rev_id}`, comment: 'Fraud', notify_version: 'v1_0' },
    ]);
    expect((await a.call('POST', '/revocation/revoke', body)).text).toContain('already revoked');
  });

  it('refuses what the agent refuses', async () => {
    const a = agent();
    const detail = a.issued[0]!;
    const both = await a.call('POST', '/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id, rev_reg_id: 'x', cred_rev_id: '1' });
    expect(both.status).toBe(422);
    expect((await a.call('POST', '/revocation/revoke', { rev_reg_id: detail.indy!.rev_reg_id, cred_rev_id: 1 })).status).toBe(422);
    expect((await a.call('POST', '/revocation/revoke', { cred_ex_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' })).text).toBe(
      "400: No issuer credential revocation record found for credential exchange id 3fa85f64-5717-4562-b3fc-2c963f66afa6. IssuerCredRevRecord record not found for {'cred_ex_id': '3fa85f64-5717-4562-b3fc-2c963f66afa6'}.",
    );
    expect((await a.call('POST', '/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id, notify: true })).status).toBe(422);
    const anoncreds = await a.call('POST', '/anoncreds/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id });
    expect(anoncreds.text).toBe('403: AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile');
  });

  it('serves revocation on the anoncreds interface only on an anoncreds wallet, where extra keys crash it', async () => {
    const a = agent({ walletType: 'askar-anoncreds' });
    const detail = a.issued.find((d) => d.anoncreds)!;
    expect((await a.call('POST', '/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id })).text).toBe(
      '403: Interface not supported for an anoncreds profile',
    );
    expect((await a.call('POST', '/anoncreds/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id, filter_kind: 'anoncreds' })).status).toBe(500);
    expect((await a.call('POST', '/anoncreds/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id })).status).toBe(200);
    const ids = (await a.call('GET', '/anoncreds/revocation/registries')).json.rev_reg_ids as string[];
    const pending = await Promise.all(
      ids.map(async (id) => (await a.call('GET', `/anoncreds/revocation/registry/${encodeURIComponent(id)}`)).json.result.pending_pub),
    );
    expect(pending.flat()).toEqual([detail.anoncreds!.cred_rev_id]);
  });

  it('lists each registry and the credentials issued against it, which outlive their exchanges', async () => {
    const a = agent();
    const detail = a.issued[0]!;
    const { rev_reg_id: revRegId, cred_rev_id: credRevId } = detail.indy!;
    const ids = (await a.call('GET', '/revocation/registries/created')).json.rev_reg_ids as string[];
    expect(ids).toContain(revRegId);
    expect((await a.call('GET', '/revocation/registries/created?limit=1&offset=1')).json.rev_reg_ids).toEqual(ids.slice(1, 2));
    // The answer is the list itself (routes.py get_rev_reg_issued), every record of the registry.
    a.sandbox.store.credentials.delete(detail.cred_ex_record.cred_ex_id);
    const issued = (await a.call('GET', `/revocation/registry/${encodeURIComponent(revRegId!)}/issued/details`)).json as Record<string, unknown>[];
    expect(Array.isArray(issued)).toBe(true);
    expect(issued.find((r) => r.cred_ex_id === detail.cred_ex_record.cred_ex_id)).toMatchObject({
      state: 'issued',
      rev_reg_id: revRegId,
      cred_rev_id: credRevId,
      cred_def_id: detail.cred_ex_record.by_format?.cred_offer?.indy?.cred_def_id ?? expect.any(String),
      cred_ex_version: '2',
    });
    expect(issued.every((r) => r.rev_reg_id === revRegId)).toBe(true);
    const unknown = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:tag:CL_ACCUM:0';
    expect((await a.call('GET', `/revocation/registry/${encodeURIComponent(unknown)}/issued/details`)).text).toBe(
      `404: IssuerRevRegRecord record not found for {'revoc_reg_id': '${unknown}'}`,
    );
    expect((await a.call('GET', `/anoncreds/revocation/registry/${encodeURIComponent(revRegId!)}/issued/details`)).status).toBe(403);
    const anon = agent({ walletType: 'askar-anoncreds' });
    const anonIds = (await anon.call('GET', '/anoncreds/revocation/registries')).json.rev_reg_ids as string[];
    const all = await Promise.all(
      anonIds.map(async (id) => (await anon.call('GET', `/anoncreds/revocation/registry/${encodeURIComponent(id)}/issued/details`)).json),
    );
    expect(all.flat().length).toBe(anon.sandbox.store.issuerCredRevs.size);
    expect((await anon.call('GET', `/anoncreds/revocation/registry/nothing/issued/details`)).text).toBe('404: Rev reg def with id nothing not found');
  });
});

describe('sandbox registry health', () => {
  const fixPath = (id: string, apply: boolean, prefix = '') =>
    `${prefix}/revocation/registry/${encodeURIComponent(id)}/fix-revocation-entry-state?apply_ledger_update=${apply}`;

  it('finds the seeded revocations the ledger never got, fixes them when told to, then finds nothing', async () => {
    const a = agent();
    const studentId = a.sandbox.store.ledger.credDefs.find((d) => d.kind === 'indy' && d.revocable && d.issuedBy === 'self')!;
    const revRegId = [...a.sandbox.store.registries.values()].find((r) => r.cred_def_id === studentId.cred_def_id)!.revoc_reg_id;
    const revoked = [...a.sandbox.store.issuerCredRevs.values()]
      .filter((r) => r.rev_reg_id === revRegId && r.state === 'revoked')
      .map((r) => Number(r.cred_rev_id));
    const dryRun = (await a.call('PUT', fixPath(revRegId, false))).json;
    expect(dryRun.accum_calculated.value.revoked).toEqual(revoked.slice(-DRIFTED_REVOCATIONS).sort((x, y) => x - y));
    expect(dryRun.rev_reg_delta.value.revoked).toHaveLength(revoked.length - DRIFTED_REVOCATIONS);
    expect(dryRun.accum_fixed).toEqual({});
    // A dry run changes nothing.
    expect((await a.call('PUT', fixPath(revRegId, false))).json).toEqual(dryRun);
    const applied = (await a.call('PUT', fixPath(revRegId, true))).json;
    expect(applied.accum_fixed.txn.data.value.revoked).toEqual(dryRun.accum_calculated.value.revoked);
    const after = (await a.call('PUT', fixPath(revRegId, false))).json;
    expect(after).toMatchObject({ accum_calculated: {}, accum_fixed: {} });
    expect(after.rev_reg_delta.value.revoked).toHaveLength(revoked.length);
    expect((await a.call('PUT', `/revocation/registry/${encodeURIComponent(revRegId)}/fix-revocation-entry-state`)).status).toBe(422);
    expect((await a.call('PUT', fixPath(revRegId, false, '/anoncreds'))).status).toBe(403);
  });

  it('refuses the check on the anoncreds interface, as ACA-Py 1.6.1 does for every registry', async () => {
    const anon = agent({ walletType: 'askar-anoncreds' });
    const [id] = (await anon.call('GET', '/anoncreds/revocation/registries')).json.rev_reg_ids as string[];
    expect((await anon.call('PUT', fixPath(id!, false, '/anoncreds'))).text).toBe(
      `400: Indy registry does not support revocation registry identified by ${id}`,
    );
    expect((await anon.call('PUT', fixPath('nothing', false, '/anoncreds'))).text).toBe('404: Rev reg def with id nothing not found');
  });

  it('seeds each revocable definition with a backup registry, so the anoncreds rotation works on seeded ones', async () => {
    const anon = agent({ walletType: 'askar-anoncreds' });
    const library = anon.sandbox.store.ledger.credDefs.find((d) => d.kind === 'anoncreds' && d.schema.name === 'Library card')!;
    const listed = async () =>
      (await anon.call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(library.cred_def_id)}&state=finished`)).json.rev_reg_ids;
    const [inUse, backup] = (await listed()) as string[];
    expect(backup).toBeDefined();
    const rotated = await anon.call('POST', `/anoncreds/revocation/active-registry/${encodeURIComponent(library.cred_def_id)}/rotate`);
    expect(rotated.status).toBe(200);
    await anon.sandbox.peers.idle();
    expect(anon.sandbox.store.registries.get(inUse!)!.state).toBe('decommissioned');
    expect(anon.sandbox.store.registries.get(backup!)!.active).toBe(true);
  });
});

describe('sandbox wallet upgrade', () => {
  it('refuses a wrong name; otherwise answers 503 on every path outside /status/ until the wallet is askar-anoncreds', async () => {
    const a = agent({ upgrade: { durationMs: 80 } });
    expect((await a.call('POST', '/anoncreds/wallet/upgrade?wallet_name=other')).status).toBe(400);
    const started = await a.call('POST', '/anoncreds/wallet/upgrade?wallet_name=test-wallet');
    expect(started.json).toEqual({ success: true, message: 'Upgrade to anoncreds has been triggered for wallet test-wallet' });
    expect((await a.call('GET', '/settings')).text).toBe('503: Upgrade in progress');
    expect((await a.call('GET', '/status')).status).toBe(503);
    expect((await a.call('GET', '/status/live')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 150));
    expect((await a.call('GET', '/settings')).json['wallet.type']).toBe('askar-anoncreds');
    expect((await a.call('POST', '/anoncreds/wallet/upgrade?wallet_name=test-wallet')).text).toBe('400: Wallet type is already anoncreds');
    // Credentials issued with the indy filter are now revoked through the anoncreds interface.
    const detail = a.issued[0]!;
    expect((await a.call('POST', '/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id })).status).toBe(403);
    expect((await a.call('POST', '/anoncreds/revocation/revoke', { cred_ex_id: detail.cred_ex_record.cred_ex_id })).status).toBe(200);
  });

  it('keeps the askar type when the upgrade fails', async () => {
    const a = agent({ upgrade: { durationMs: 30, outcome: 'fail' } });
    await a.call('POST', '/anoncreds/wallet/upgrade?wallet_name=test-wallet');
    await new Promise((r) => setTimeout(r, 80));
    expect((await a.call('GET', '/settings')).json['wallet.type']).toBe('askar');
  });
});
