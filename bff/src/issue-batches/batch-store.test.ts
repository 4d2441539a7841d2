import { describe, expect, it } from 'vitest';
import { migrations } from '../store/migrations.js';
import { testStore } from '../test/test-store.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { BatchQueue, LAPSED_DETAIL } from './batch-queue.js';
import { IssueBatches } from './batch-store.js';

const CONNECTION = '11111111-1111-4111-8111-111111111111';

async function batchOf(rows: number, now?: () => Date, firstIndex = 2) {
  const store = await testStore();
  const batches = new IssueBatches(store, SOLE_TENANT, now);
  const queue = new BatchQueue(store, now);
  const batch = await batches.create({
    created_by: 'issuer',
    created_role: 'issuer',
    cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag',
    schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
    filter_kind: 'indy',
    file_name: null,
    file_digest: 'digest-of-the-file',
    rows: Array.from({ length: rows }, (_, i) => ({
      index: i + firstIndex,
      connection_id: CONNECTION,
      connection_label: 'Bob',
      attributes: [{ name: 'n', value: String(i) }],
    })),
  });
  return { store, batches, queue, batch };
}

describe('IssueBatches', () => {
  it('asks about the same file within a day, and takes it as a new batch after', async () => {
    let now = new Date('2026-11-27T09:00:00Z');
    const { batches, batch } = await batchOf(1, () => now);
    const again = { ...batch, created_role: 'issuer', filter_kind: 'indy' as const, file_digest: 'digest-of-the-file', rows: [] };
    now = new Date('2026-11-28T08:59:00Z');
    await expect(batches.create(again)).rejects.toMatchObject({ status: 409 });
    expect(await batches.earlierOf('digest-of-the-file')).toMatchObject({ id: batch.id });
    now = new Date('2026-11-28T09:00:01Z');
    expect(await batches.earlierOf('digest-of-the-file')).toBeNull();
    expect(await batches.create(again)).toMatchObject({ created_by: 'issuer' });
  });

  it('never gives one row to two instances claiming at once, and counts what each recorded', async () => {
    const { store, batch } = await batchOf(60);
    // Two instances: two stores' worth of claimers on one database, several claims each in flight.
    const instances = [new BatchQueue(store), new BatchQueue(store)];
    const claimed: string[] = [];
    await Promise.all(
      instances.flatMap((instance, n) =>
        [0, 1, 2].map(async () => {
          for (;;) {
            const row = await instance.claim(`instance-${n}`, 60_000);
            if (!row) return;
            claimed.push(`${row.batch_id}/${row.idx}`);
            await instance.finish(row, `instance-${n}`, { cred_ex_id: `ex-${row.idx}` });
          }
        }),
      ),
    );
    expect(claimed).toHaveLength(60);
    expect(new Set(claimed).size).toBe(60);
    expect(await new IssueBatches(store, SOLE_TENANT).get(batch.id)).toMatchObject({ state: 'done', counts: { sent: 60, pending: 0, sending: 0, failed: 0 } });
  });

  it('makes a row whose instance stopped failed with a reason to check it, and still records its late answer', async () => {
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const { batches, queue, batch } = await batchOf(2, () => new Date(clock));
    const stopped = (await queue.claim('stopped-instance', 30_000))!;
    clock += 31_000;
    expect(await queue.releaseLapsed()).toBe(1);
    const row = await batches.row(batch.id, stopped.idx);
    expect(row).toMatchObject({ state: 'failed', error: LAPSED_DETAIL });
    // The slow agent answered after all: what it made is recorded rather than lost.
    expect(await queue.finish(stopped, 'stopped-instance', { cred_ex_id: 'late' })).toBe(true);
    expect(await batches.row(batch.id, stopped.idx)).toMatchObject({ state: 'sent', cred_ex_id: 'late' });
    // Another instance's answer for a row it does not hold is not recorded.
    const next = (await queue.claim('live-instance', 30_000))!;
    expect(await queue.finish(next, 'someone-else', { error: 'x' })).toBe(false);
  });

  it('renumbers the rows of a batch stored before rows were the spreadsheet’s (from 1 under the header) by one, losing none', async () => {
    const { store, batches, batch } = await batchOf(3, undefined, 1);
    await migrations['012-batch-rows-as-spreadsheet-rows']!.up(store.db);
    expect((await batches.detail(batch.id, { offset: 0, limit: 10 })).rows.map((r) => [r.index, r.attributes[0]!.value])).toEqual([
      [2, '0'],
      [3, '1'],
      [4, '2'],
    ]);
  });
});
