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
    const done = await send(admin, 'POST', '/api/revocation/bulk-revoke', { cred_def_id: credDef.cred_def_id });
    expect(done.status).toBe(200);
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

  it('is for admins only, and refuses a selection it cannot read', async () => {
    const bff = await adminWithRegister();
    const issuer = await bff.cookieFor('issuer');
    expect((await bff.send(issuer, 'GET', '/api/revocation/bulk-revoke')).status).toBe(403);
    expect((await bff.send(issuer, 'POST', '/api/revocation/bulk-revoke', {})).status).toBe(403);
    expect((await bff.send(bff.admin, 'POST', '/api/revocation/bulk-revoke', { status: 'revoked' })).status).toBe(400);
  });
});
