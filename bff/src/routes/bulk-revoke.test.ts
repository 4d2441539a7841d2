import type { BulkRevokePreview, BulkRevokeResult } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

interface Entry {
  action: string;
  summary: string | null;
  target: Record<string, string>;
}

async function adminWithRegister() {
  const bff = await testBff({ sandbox: { credentialRecords: 120 } });
  const admin = await bff.cookieFor('admin');
  await bff.send(admin, 'POST', '/api/register/backfill', {});
  return { ...bff, admin };
}

describe('bulk revoke', () => {
  it('says exactly what it would take, revokes them as one pending batch, skips those revoked meanwhile, publishes once', async () => {
    const bff = await adminWithRegister();
    const { send, admin } = bff;
    const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.revocable)!;
    const query = `cred_def_id=${encodeURIComponent(credDef.cred_def_id)}`;
    const preview = (await (await send(admin, 'GET', `/api/revocation/bulk-revoke?${query}`)).json()) as BulkRevokePreview;
    expect(preview.credentials.length).toBeGreaterThan(1);
    expect(preview.kinds).toEqual([{ label: 'Student ID 1.2', count: preview.credentials.length }]);
    expect(preview.over_cap).toBe(false);

    // One of them is revoked on the agent behind the console's back: the batch skips it and says so.
    const [first] = preview.credentials;
    await bff.sandbox.app.request('/revocation/revoke', {
      method: 'POST',
      headers: { 'x-api-key': 'test-agent-key', 'content-type': 'application/json' },
      body: JSON.stringify({ rev_reg_id: first!.rev_reg_id, cred_rev_id: first!.cred_rev_id, publish: true }),
    });
    const callsBefore = bff.calls.length;
    const done = await send(admin, 'POST', '/api/revocation/bulk-revoke', { cred_def_id: credDef.cred_def_id });
    expect(done.status).toBe(200);
    // The wallet type (which path revokes) is asked once for the batch, not once per credential.
    expect(bff.calls.slice(callsBefore).filter((c) => c.url.pathname === '/settings')).toHaveLength(1);
    const result = (await done.json()) as BulkRevokeResult;
    expect(result).toMatchObject({ revoked: preview.credentials.length - 1, skipped: 1, failed: 0 });
    expect(result.results[0]).toMatchObject({ cred_ex_id: first!.cred_ex_id, outcome: 'skipped' });

    // Every one is pending, in one batch: a single publish takes them all.
    const revokeCalls = bff.calls.filter((c) => c.url.pathname === '/revocation/revoke');
    expect(revokeCalls.every((c) => JSON.parse(c.body!).publish === false)).toBe(true);
    const published = (await (await send(admin, 'POST', '/api/revocation/publish', {})).json()) as { published: Record<string, string[]> };
    expect(Object.values(published.published).flat()).toHaveLength(result.revoked);

    // The audit log: the batch, and one entry per credential.
    await bff.register.idle();
    const { entries } = (await (await send(admin, 'GET', '/api/audit?action=in%20bulk&limit=500')).json()) as { entries: Entry[] };
    expect(entries.filter((e) => e.summary?.startsWith(`revoked ${result.revoked} credentials in bulk`))).toHaveLength(1);
    expect(entries.filter((e) => e.summary?.includes('one of'))).toHaveLength(preview.credentials.length);
    // A second run revokes nothing: only the one the register never heard was revoked is tried again, and skipped.
    const again = (await (await send(admin, 'POST', '/api/revocation/bulk-revoke', { cred_def_id: credDef.cred_def_id })).json()) as BulkRevokeResult;
    expect(again).toMatchObject({ revoked: 0, skipped: 1, failed: 0 });
  });

  it('takes everything issued to one holder, and names what it leaves alone because it cannot be revoked', async () => {
    const bff = await adminWithRegister();
    const { send, admin } = bff;
    // A holder with credentials of a revocable definition and of one issued without a registry.
    const all = (await (await send(admin, 'GET', '/api/register/credentials?status=issued&limit=500')).json()) as {
      results: { connection_id: string | null; cred_rev_id: string | null }[];
    };
    const byHolder = new Map<string, typeof all.results>();
    for (const c of all.results) if (c.connection_id) byHolder.set(c.connection_id, [...(byHolder.get(c.connection_id) ?? []), c]);
    const [holder, theirs] = [...byHolder].find(([, cs]) => cs.some((c) => c.cred_rev_id) && cs.some((c) => !c.cred_rev_id))!;
    const revocable = theirs.filter((c) => c.cred_rev_id).length;
    const preview = (await (await send(admin, 'GET', `/api/revocation/bulk-revoke?connection_id=${holder}`)).json()) as BulkRevokePreview;
    expect(preview).toMatchObject({ holders: 1, not_revocable: theirs.length - revocable, not_revocable_capped: false, over_cap: false });
    expect(preview.credentials).toHaveLength(revocable);

    // Only what cannot be revoked: nothing is offered, and the count says why.
    const employeeBadge = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && !d.revocable && d.kind === 'indy')!;
    const none = (await (
      await send(admin, 'GET', `/api/revocation/bulk-revoke?cred_def_id=${encodeURIComponent(employeeBadge.cred_def_id)}`)
    ).json()) as BulkRevokePreview;
    expect(none.credentials).toEqual([]);
    expect(none.not_revocable).toBeGreaterThan(0);

    const result = (await (await send(admin, 'POST', '/api/revocation/bulk-revoke', { connection_id: holder })).json()) as BulkRevokeResult;
    expect(result).toMatchObject({ revoked: revocable, failed: 0 });
    await bff.register.idle();
    const after = (await (await send(admin, 'GET', `/api/register/credentials?connection_id=${holder}&limit=500`)).json()) as { results: { status: string }[] };
    expect(after.results.filter((c) => c.status === 'revoked-pending')).toHaveLength(revocable);
    expect(after.results.filter((c) => c.status === 'issued')).toHaveLength(theirs.length - revocable);
  });

  it('is for admins only, and refuses a selection it cannot read', async () => {
    const bff = await adminWithRegister();
    const issuer = await bff.cookieFor('issuer');
    expect((await bff.send(issuer, 'GET', '/api/revocation/bulk-revoke')).status).toBe(403);
    expect((await bff.send(issuer, 'POST', '/api/revocation/bulk-revoke', {})).status).toBe(403);
    expect((await bff.send(bff.admin, 'POST', '/api/revocation/bulk-revoke', { status: 'revoked' })).status).toBe(400);
  });
});
