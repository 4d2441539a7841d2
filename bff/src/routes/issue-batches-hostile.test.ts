import { describe, expect, it } from 'vitest';
import type { IssueBatchPreview, Problem } from '@credence/shared';
import { testBff } from '../test/harness.js';

/**
 * The longest the event loop went without a turn, from now until `stop` is called. A turn's length is the
 * lesser of its wall time and this process's CPU time over it: a stall of the loop's own thread counts fully
 * in both, while the shared machine's other work only lengthens the wall time and this process's other
 * threads (the garbage collector's helpers) only add CPU time, so neither alone makes a turn look long.
 */
function watchEventLoop(): () => number {
  let longest = 0;
  let lastCpu = process.cpuUsage();
  let lastWall = performance.now();
  let watching = true;
  const tick = () => {
    const spent = process.cpuUsage(lastCpu);
    const wall = performance.now() - lastWall;
    longest = Math.max(longest, Math.min(wall, (spent.user + spent.system) / 1000));
    lastCpu = process.cpuUsage();
    lastWall = performance.now();
    if (watching) setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    watching = false;
    return longest;
  };
}

/** Each file, and whether it takes long enough to read that another request is answered before it. */
const hostileFiles: [string, (header: string) => string, boolean][] = [
  ['a million short rows (2 MB)', (header) => `${header}\n${'a\n'.repeat(1_000_000)}`, true],
  ['100,000 uneven rows', (header) => `${header}\n${'a\nb,c,d,e,f\n'.repeat(50_000)}`, true],
  // Refused at its first slice.
  ['a header of 250,000 unknown columns', (header) => `${header},${Array.from({ length: 250_000 }, (_, i) => `c${i}`).join(',')}\n`, false],
];

describe('a hostile batch file', () => {
  it.each(hostileFiles)(
    '%s is refused with a clear reason, while the loop keeps turning and another request is answered meanwhile',
    async (_, make, slow) => {
      const bff = await testBff({ bodyLimitBytes: 8 * 1024 * 1024 });
      const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
      const issuer = await bff.cookieFor('issuer');
      const csv = make(['connection', ...credDef.schema.attributes].join(','));
      const finished: string[] = [];

      const stop = watchEventLoop();
      const upload = bff.send(issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: credDef.cred_def_id, csv }).then((res) => {
        finished.push('upload');
        return res;
      });
      // Sent once the upload is being read: the health check must not wait for the whole file.
      await new Promise((resolve) => setImmediate(resolve));
      const health = await bff.app.request('/api/health');
      finished.push('health');
      const answer = await upload;
      const longestStall = stop();

      expect(health.status).toBe(200);
      if (slow) expect(finished).toEqual(['health', 'upload']);
      expect(answer.status).toBe(200);
      const preview = (await answer.json()) as IssueBatchPreview;
      expect(preview.rows).toEqual([]);
      expect(preview.file_problems).toHaveLength(1);
      expect(preview.file_problems[0]).toMatch(/^(The file has more than 10,000 rows|A row has more than \d+ values)/);
      // The budget is ~50 ms a turn; the bound leaves room for a garbage collection.
      expect(longestStall).toBeLessThan(75);
    },
    30_000,
  );

  it('of 10,000 rows, each with a problem, is checked whole while the loop keeps turning', async () => {
    const bff = await testBff({ bodyLimitBytes: 8 * 1024 * 1024 });
    const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
    const issuer = await bff.cookieFor('issuer');
    const attributes = credDef.schema.attributes;
    const csv = `${['connection', ...attributes].join(',')}\n${`Nobody,${attributes.map(() => 'x').join(',')}\n`.repeat(10_000)}`;
    const stop = watchEventLoop();
    const answer = await bff.send(issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: credDef.cred_def_id, csv });
    const longestStall = stop();
    const preview = (await answer.json()) as IssueBatchPreview;
    expect(preview).toMatchObject({ row_count: 10_000, rows_with_problems: 10_000, file_problems: [] });
    expect(longestStall).toBeLessThan(75);
  });

  it('over the size cap is refused before it is read', async () => {
    const bff = await testBff({ bodyLimitBytes: 8 * 1024 * 1024 });
    const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
    const issuer = await bff.cookieFor('issuer');
    const res = await bff.send(issuer, 'POST', '/api/issue-batches/preview', { cred_def_id: credDef.cred_def_id, csv: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Problem).detail).toMatch(/at most 2,097,152 bytes/);
  });
});
