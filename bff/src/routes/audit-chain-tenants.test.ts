import { auditExportLineSchema, auditVerifySchema } from '@credence/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMultitenantBff } from '../test/multitenant-harness.js';

const UNIVERSITY = 'Northfield University';
const LIBRARY = 'City Library';

describe('each organisation’s audit log is checked and exported on its own', { timeout: 30_000 }, () => {
  let h: Awaited<ReturnType<typeof testMultitenantBff>>;
  beforeAll(async () => {
    h = await testMultitenantBff();
  }, 60_000);
  afterAll(() => h?.close());

  const verify = async (cookie: string) => {
    const res = await h.send(cookie, 'GET', '/api/audit/verify');
    expect(res.status).toBe(200);
    return auditVerifySchema.parse(await res.json());
  };

  it('counts only the organisation’s entries (the operator’s are the platform’s), and one’s tampering is not another’s', async () => {
    const [library, university, operator] = [await h.cookieFor('admin', LIBRARY), await h.cookieFor('admin', UNIVERSITY), await h.cookieFor('operator')];
    // A refused revocation in the library, twice; a refused tenant in the platform: each is an audit entry.
    for (let i = 0; i < 2; i++) expect((await h.send(library, 'POST', '/api/revocation/revoke', {})).status).toBe(400);
    expect((await h.send(operator, 'POST', '/api/tenants', {})).status).toBe(400);
    expect(await verify(library)).toMatchObject({ ok: true, entries: 2 });
    expect(await verify(university)).toMatchObject({ ok: true, entries: 0 });
    expect(await verify(operator)).toMatchObject({ ok: true, entries: 1 });

    const lines = (await (await h.send(library, 'GET', '/api/audit/export?format=jsonl')).text())
      .trimEnd()
      .split('\n')
      .map((l) => auditExportLineSchema.parse(JSON.parse(l)));
    expect(lines.map((l) => [l.seq, l.actor, l.action])).toEqual([
      [1, 'City Library-admin', 'POST /api/revocation/revoke'],
      [2, 'City Library-admin', 'POST /api/revocation/revoke'],
    ]);

    await sql`delete from audit_log where tenant_id = ${h.tenantOf(LIBRARY)} and seq = 1`.execute(h.store.db);
    expect(await verify(library)).toMatchObject({ ok: false, first_broken: { seq: 1, reason: 'missing' } });
    expect((await verify(operator)).ok).toBe(true);
  });
});
