import { parse } from 'csv-parse/sync';
import { auditExportLineSchema, auditVerifySchema } from '@credence/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

describe('checking and exporting the audit log', { timeout: 30_000 }, () => {
  it('says the log is intact, then names the entry changed in the database', async () => {
    const { login, send, cookieFor, store } = await testBff();
    await login('someone', 'wrong-password');
    const admin = await cookieFor('admin');
    const res = await send(admin, 'GET', '/api/audit/verify');
    expect(res.status).toBe(200);
    const intact = auditVerifySchema.parse(await res.json());
    expect(intact).toMatchObject({ ok: true, first_broken: null });
    expect(intact.entries).toBeGreaterThanOrEqual(2);
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(store.db);
    await sql`update audit_log set actor = 'nobody' where seq = 1`.execute(store.db);
    const broken = auditVerifySchema.parse(await (await send(admin, 'GET', '/api/audit/verify')).json());
    expect(broken).toMatchObject({ ok: false, first_broken: { seq: 1, actor: 'nobody', reason: 'changed' } });
  });

  it('is for the admin: other roles and anonymous callers are refused', async () => {
    const { app, send, cookieFor } = await testBff();
    const issuer = await cookieFor('issuer');
    for (const path of ['/api/audit/verify', '/api/audit/export?format=csv']) {
      expect((await send(issuer, 'GET', path)).status, path).toBe(403);
      expect((await app.request(path)).status, path).toBe(401);
    }
  });

  it('exports a period as CSV with headers in words, each entry with its number and hash, formulas made harmless', async () => {
    const { login, send, cookieFor } = await testBff();
    // A name a spreadsheet would run as a formula.
    expect((await login('-1.cmd@evil', 'wrong-password')).status).toBe(401);
    expect((await login('@SUM.evil', 'wrong-password')).status).toBe(401);
    const admin = await cookieFor('admin');
    const today = new Date().toISOString().slice(0, 10);
    const res = await send(admin, 'GET', `/api/audit/export?from=${today}&to=${today}&format=csv&tz=Europe/Paris`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="credence-audit-${today}-to-${today}.csv"`);
    const read: string[][] = parse((await res.text()).replace(/^\uFEFF/, ''));
    const [header, ...rows] = read;
    expect(header!.slice(0, 3)).toEqual(['Entry number', 'When', 'Who']);
    expect(header).toContain('Hash');
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const who = rows.map((r) => r[header!.indexOf('Who')]);
    expect(who).toContain("'-1.cmd@evil");
    expect(who).toContain("'@SUM.evil");
    // Oldest first, numbered from 1, each with a hash.
    expect(rows.map((r) => Number(r[0]))).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) expect(r[header!.indexOf('Hash')]).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]![header!.indexOf('When')]).toMatch(/ \+0[12]:00$/);
  });

  it('exports a period as JSON Lines that match the chain, and nothing outside the period', async () => {
    const { login, send, cookieFor } = await testBff();
    await login('someone', 'wrong-password');
    const admin = await cookieFor('admin');
    const res = await send(admin, 'GET', '/api/audit/export?format=jsonl');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => auditExportLineSchema.parse(JSON.parse(l)));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    // Each names the one before it: the file is a piece of the chain.
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.prev_hash).toBe(lines[i - 1]!.hash);
    expect(lines.find((l) => l.actor === 'someone')).toMatchObject({ outcome: 'failure', summary: 'tried to log in' });
    const past = await send(admin, 'GET', '/api/audit/export?from=2020-01-01&to=2020-01-31&format=jsonl');
    expect(await past.text()).toBe('');
  });

  it('refuses a format or a date it does not know, naming the field', async () => {
    const { send, cookieFor } = await testBff();
    const admin = await cookieFor('admin');
    for (const [query, field] of [
      ['format=xlsx', 'format'],
      ['from=yesterday', 'from'],
      ['tz=Mars/Olympus', 'tz'],
    ] as const) {
      const res = await send(admin, 'GET', `/api/audit/export?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(field);
    }
  });
});
