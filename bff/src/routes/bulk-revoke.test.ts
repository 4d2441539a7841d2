import type { BulkRevokePreviewAnswer, BulkRevokeResult, Problem } from '@credence/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

interface Entry {
  action: string;
  summary: string | null;
  target: Record<string, string>;
}

async function adminWithRegister(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff({ sandbox: { credentialRecords: 120 }, ...options });
  const admin = await bff.cookieFor('admin');
  await bff.send(admin, 'POST', '/api/register/backfill', {});
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.revocable)!;
  const previewOf = async (selection: Record<string, string>, cookie = admin) =>
    (await (await bff.send(cookie, 'POST', '/api/revocation/bulk-revoke/preview', selection)).json()) as BulkRevokePreviewAnswer;
  const confirm = (preview: BulkRevokePreviewAnswer, cookie = admin) =>
    bff.send(cookie, 'POST', '/api/revocation/bulk-revoke', { preview_id: preview.preview_id, expected_count: preview.credentials.length });
  const agentRevokes = () => bff.calls.filter((c) => c.url.pathname === '/revocation/revoke');
  const audit = async () => {
    await bff.register.idle();
    return ((await (await bff.send(admin, 'GET', '/api/audit?action=in%20bulk&limit=500')).json()) as { entries: Entry[] }).entries;
  };
  return { ...bff, admin, credDef, bySchema: { cred_def_id: credDef.cred_def_id }, previewOf, confirm, agentRevokes, audit };
}

describe('bulk revoke', () => {
  it('says exactly what it would take, revokes them as one pending batch, skips those revoked meanwhile, publishes once', async () => {
    const bff = await adminWithRegister();
    const { send, admin } = bff;
    const preview = await bff.previewOf(bff.bySchema);
    expect(preview.credentials.length).toBeGreaterThan(1);
    expect(preview.kinds).toEqual([{ label: 'Student ID 1.2', count: preview.credentials.length }]);
    // Each named with two of its values, so the admin tells one person's credential from another's.
    for (const c of preview.credentials) expect(c.values).toEqual([expect.objectContaining({ value: expect.any(String) }), expect.anything()]);
    expect(preview.over_cap).toBe(false);
    expect(preview.preview_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(preview.expires_at!) - Date.now()).toBeGreaterThan(14 * 60_000);

    // One of them is revoked on the agent behind the console's back: the batch skips it and says so.
    const [first] = preview.credentials;
    await bff.sandbox.app.request('/revocation/revoke', {
      method: 'POST',
      headers: { 'x-api-key': 'test-agent-key', 'content-type': 'application/json' },
      body: JSON.stringify({ rev_reg_id: first!.rev_reg_id, cred_rev_id: first!.cred_rev_id, publish: true }),
    });
    const callsBefore = bff.calls.length;
    const done = await bff.confirm(preview);
    expect(done.status).toBe(200);
    // The wallet type (which path revokes) is asked once for the batch, not once per credential.
    expect(bff.calls.slice(callsBefore).filter((c) => c.url.pathname === '/settings')).toHaveLength(1);
    const result = (await done.json()) as BulkRevokeResult;
    expect(result).toMatchObject({ revoked: preview.credentials.length - 1, skipped: 1, failed: 0, repeated: false, selection: bff.bySchema });
    expect(result.results[0]).toMatchObject({ cred_ex_id: first!.cred_ex_id, outcome: 'skipped' });

    // Every one is pending, in one batch: a single publish takes them all.
    expect(bff.agentRevokes().every((c) => JSON.parse(c.body!).publish === false)).toBe(true);
    const published = (await (await send(admin, 'POST', '/api/revocation/publish', {})).json()) as { published: Record<string, string[]> };
    expect(Object.values(published.published).flat()).toHaveLength(result.revoked);

    // The audit log: the preview, the batch, and one entry per credential.
    const entries = await bff.audit();
    expect(
      entries.filter(
        (e) => e.summary === `previewed revoking ${preview.credentials.length} credentials in bulk of credential definition ${bff.credDef.cred_def_id}`,
      ),
    ).toHaveLength(1);
    expect(entries.filter((e) => e.summary?.startsWith(`revoked ${result.revoked} credentials in bulk of credential definition`))).toHaveLength(1);
    expect(entries.filter((e) => e.summary?.includes('one of'))).toHaveLength(preview.credentials.length);
    // Previewed again, only the one the register never heard was revoked is left, and it is skipped.
    const again = (await (await bff.confirm(await bff.previewOf(bff.bySchema))).json()) as BulkRevokeResult;
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
    const preview = await bff.previewOf({ connection_id: holder });
    expect(preview).toMatchObject({ holders: 1, not_revocable: theirs.length - revocable, not_revocable_capped: false, over_cap: false });
    expect(preview.credentials).toHaveLength(revocable);

    // Only what cannot be revoked: nothing is offered (no preview to confirm), and the count says why.
    const employeeBadge = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && !d.revocable && d.kind === 'indy')!;
    const none = await bff.previewOf({ cred_def_id: employeeBadge.cred_def_id });
    expect(none).toMatchObject({ credentials: [], preview_id: null, expires_at: null });
    expect(none.not_revocable).toBeGreaterThan(0);

    const result = (await (await bff.confirm(preview)).json()) as BulkRevokeResult;
    expect(result).toMatchObject({ revoked: revocable, failed: 0 });
    await bff.register.idle();
    const after = (await (await send(admin, 'GET', `/api/register/credentials?connection_id=${holder}&limit=500`)).json()) as { results: { status: string }[] };
    expect(after.results.filter((c) => c.status === 'revoked-pending')).toHaveLength(revocable);
    expect(after.results.filter((c) => c.status === 'issued')).toHaveLength(theirs.length - revocable);
  });

  it('three identical requests at once revoke once: the agent hears each credential once, one batch is audited, all three answers agree', async () => {
    const bff = await adminWithRegister();
    const preview = await bff.previewOf(bff.bySchema);
    const n = preview.credentials.length;
    const answers = await Promise.all([1, 2, 3].map(() => bff.confirm(preview)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const results = (await Promise.all(answers.map((a) => a.json()))) as BulkRevokeResult[];
    // Each credential reached the agent once.
    const revoked = bff.agentRevokes().map((c) => (JSON.parse(c.body!) as { cred_rev_id: string }).cred_rev_id);
    expect(revoked.sort()).toEqual(preview.credentials.map((c) => c.cred_rev_id).sort());
    // One did the work; the others answer with its result, saying it is a repeat.
    expect(results.map((r) => ({ ...r, repeated: false }))).toEqual([results[0], results[0], results[0]].map((r) => ({ ...r, repeated: false })));
    expect(results.every((r) => r.revoked === n && r.preview_id === preview.preview_id)).toBe(true);
    expect(results.filter((r) => r.repeated)).toHaveLength(2);

    const entries = await bff.audit();
    expect(entries.filter((e) => e.summary?.startsWith(`revoked ${n} credentials in bulk`))).toHaveLength(1);
    expect(entries.filter((e) => e.summary?.includes('one of'))).toHaveLength(n);
    expect(
      entries.filter((e) => e.summary?.startsWith('asked again to revoke credentials in bulk') && e.summary.includes('nothing revoked again')),
    ).toHaveLength(2);

    // Later, once more: the same answer, and still nothing sent to the agent.
    const late = (await (await bff.confirm(preview)).json()) as BulkRevokeResult;
    expect(late).toMatchObject({ revoked: n, repeated: true });
    expect(bff.agentRevokes()).toHaveLength(n);
  });

  it('revokes once when the same preview is confirmed through two instances sharing the store', async () => {
    const one = await adminWithRegister();
    const two = await testBff({ store: one.store, upstream: (request) => one.sandbox.app.fetch(request) });
    const preview = await one.previewOf(one.bySchema);
    const body = { preview_id: preview.preview_id, expected_count: preview.credentials.length };
    // The session is in the shared store: the same cookie works on either instance.
    const answers = await Promise.all([one.confirm(preview), two.send(one.admin, 'POST', '/api/revocation/bulk-revoke', body)]);
    const results = (await Promise.all(answers.map((a) => a.json()))) as BulkRevokeResult[];
    expect(results.map((r) => r.revoked)).toEqual([preview.credentials.length, preview.credentials.length]);
    expect(results.map((r) => r.repeated).sort()).toEqual([false, true]);
    const agentRevokes = [...one.calls, ...two.calls].filter((c) => c.url.pathname === '/revocation/revoke');
    expect(agentRevokes).toHaveLength(preview.credentials.length);
  });

  it('refuses a revocation not tied to a live preview of the same admin and count, and revokes nothing', async () => {
    const bff = await adminWithRegister();
    const preview = await bff.previewOf(bff.bySchema);
    const n = preview.credentials.length;
    const refused = async (body: unknown) => {
      const res = await bff.send(bff.admin, 'POST', '/api/revocation/bulk-revoke', body);
      return { status: res.status, problem: (await res.json()) as Problem };
    };

    // No preview at all: the old request (a selection) and an empty one name what is missing.
    const bare = await refused(bff.bySchema);
    expect(bare.status).toBe(400);
    expect(bare.problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.preview_id', message: 'preview first: the id of the preview you confirmed' },
        { path: 'body.cred_def_id', message: 'Unknown field', code: 'field.unknown' },
      ]),
    );
    expect((await refused({})).problem.errors?.map((e) => e.path)).toEqual(['body.preview_id', 'body.expected_count']);
    // An id nobody previewed.
    expect(await refused({ preview_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', expected_count: n })).toMatchObject({
      status: 409,
      problem: { detail: 'There is no such preview: preview the selection, then confirm what it shows.' },
    });
    // A count other than the one previewed (the page showed something else).
    expect(await refused({ preview_id: preview.preview_id, expected_count: n + 1 })).toMatchObject({
      status: 409,
      problem: { detail: `The preview took ${n} credentials, not ${n + 1}: preview again and confirm what it shows.` },
    });
    // Another admin's preview.
    await sql`update bulk_revoke_previews set created_by = 'another-admin' where id = ${preview.preview_id}`.execute(bff.store.db);
    expect(await refused({ preview_id: preview.preview_id, expected_count: n })).toMatchObject({
      status: 409,
      problem: { detail: 'This preview was made by someone else: preview the selection yourself, then confirm what it shows.' },
    });
    // An expired one (made more than 15 minutes ago).
    await sql`update bulk_revoke_previews set created_by = 'admin', expires_at = now() - interval '1 second' where id = ${preview.preview_id}`.execute(
      bff.store.db,
    );
    expect(await refused({ preview_id: preview.preview_id, expected_count: n })).toMatchObject({
      status: 409,
      problem: { detail: 'This preview has expired (one can be confirmed for 15 minutes): preview again.' },
    });
    expect(bff.agentRevokes()).toHaveLength(0);
    await bff.register.idle();
    const stillIssued = (await (
      await bff.send(bff.admin, 'GET', `/api/register/credentials?status=issued&cred_def_id=${encodeURIComponent(bff.credDef.cred_def_id)}&limit=500`)
    ).json()) as {
      results: unknown[];
    };
    expect(stillIssued.results.length).toBeGreaterThanOrEqual(n);
  });

  it('refuses when the selection matches other credentials than the preview showed, and again for every repeat', async () => {
    const bff = await adminWithRegister();
    const preview = await bff.previewOf(bff.bySchema);
    const n = preview.credentials.length;
    // One of them is revoked on its own after the preview: the selection now takes one fewer.
    const one = preview.credentials[0]!;
    const single = await bff.send(bff.admin, 'POST', '/api/revocation/revoke', { rev_reg_id: one.rev_reg_id, cred_rev_id: one.cred_rev_id });
    expect(single.status).toBe(200);
    await bff.register.idle();
    const detail = `The selection changed since the preview: ${n - 1} credentials match now, not ${n}. Preview again.`;
    for (let i = 0; i < 2; i++) {
      const res = await bff.confirm(preview);
      expect(res.status).toBe(409);
      expect(((await res.json()) as Problem).detail).toBe(detail);
    }
    expect(bff.agentRevokes()).toHaveLength(1);
    // Previewed again, it takes what matches now.
    const fresh = await bff.previewOf(bff.bySchema);
    expect(fresh.credentials).toHaveLength(n - 1);
    expect(((await (await bff.confirm(fresh)).json()) as BulkRevokeResult).revoked).toBe(n - 1);
  });

  it('is for admins only, and refuses an empty selection or one it cannot read, naming the fields', async () => {
    const bff = await adminWithRegister();
    const issuer = await bff.cookieFor('issuer');
    expect((await bff.send(issuer, 'POST', '/api/revocation/bulk-revoke/preview', bff.bySchema)).status).toBe(403);
    expect((await bff.send(issuer, 'POST', '/api/revocation/bulk-revoke', {})).status).toBe(403);
    expect((await bff.send(bff.admin, 'POST', '/api/revocation/bulk-revoke/preview', { status: 'revoked' })).status).toBe(400);
    // Nothing chosen (or only blanks) would be everything issued: refused, and nothing read or kept.
    for (const empty of [{}, { q: '  ' }]) {
      const res = await bff.send(bff.admin, 'POST', '/api/revocation/bulk-revoke/preview', empty);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Problem).errors).toEqual([
        { path: 'body', message: 'choose at least one of q, cred_def_id, rev_reg_id, connection_id: an empty selection would take every credential issued' },
      ]);
    }
    const kept = await sql<{ n: string }>`select count(*) as n from bulk_revoke_previews`.execute(bff.store.db);
    expect(kept.rows[0]!.n).toBe('0');
    // The old GET is gone (a read must not keep anything).
    expect((await bff.send(bff.admin, 'GET', `/api/revocation/bulk-revoke?cred_def_id=${encodeURIComponent(bff.credDef.cred_def_id)}`)).status).toBe(404);
  });
});
