import { describe, expect, it, vi } from 'vitest';
import type { AcapyClient } from '../acapy/client.js';
import { RegisterIngest } from './register-ingest.js';
import type { RegisterStore } from './register-store.js';

/** A store whose writes wait until released: what piles up in the queue meanwhile is what is measured. */
function heldStore() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const written: string[] = [];
  const store = {
    recordExchanges: async (rows: { sighting: { exchange_id: string } }[]) => {
      await gate;
      written.push(...rows.map((r) => r.sighting.exchange_id));
    },
    recordRevocation: async () => {
      await gate;
    },
  };
  return { store: store as unknown as RegisterStore, written, release };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const record = (n: number, value = 'Bob Smith') => ({
  cred_ex_record: {
    cred_ex_id: uuid(n),
    role: 'issuer',
    state: 'done',
    created_at: '2026-11-23 10:00:00.000000Z',
    updated_at: '2026-11-23 10:00:00.000000Z',
    cred_preview: { attributes: [{ name: 'name', value }] },
  },
});

describe('the register’s queue of writes', () => {
  it('takes a whole page of 10,000 records the console passed on, and writes every one', async () => {
    const { store, written, release } = heldStore();
    const log = { warn: vi.fn(), info: vi.fn() };
    const ingest = new RegisterIngest(store, {} as AcapyClient, { log });
    ingest.agentAnswer('/issue-credential-2.0/records', { results: Array.from({ length: 10_000 }, (_, n) => record(n)) });
    release();
    await ingest.idle();
    expect(log.warn).not.toHaveBeenCalled();
    expect(new Set(written).size).toBe(10_000);
  });

  it('holds at most its bytes of values while the store is slow, dropping the oldest with one warning', async () => {
    const { store, written, release } = heldStore();
    const log = { warn: vi.fn(), info: vi.fn() };
    const ingest = new RegisterIngest(store, {} as AcapyClient, { log, maxQueueBytes: 1024 * 1024 });
    // 100 exchanges with 50,000 characters of values each (~100 KB held apiece): about ten fit in 1 MiB.
    // (Abandoned: no state whose record the ingest would read again from the agent.)
    for (let n = 0; n < 100; n++) ingest.webhook('issue_credential_v2_0', { ...record(n, 'x'.repeat(50_000)).cred_ex_record, state: 'abandoned' });
    expect(ingest.backlog).toBeLessThanOrEqual(11);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatch(/1 MiB waiting: the oldest are dropped until the next backfill/);
    release();
    await ingest.idle();
    // The newest are the ones kept.
    expect(written).toContain(uuid(99));
    expect(written).not.toContain(uuid(50));
  });

  it('lets a register read go ahead of the lists the console passed on, but not of a webhook', async () => {
    const { store, release } = heldStore();
    const ingest = new RegisterIngest(store, {} as AcapyClient);
    ingest.agentAnswer('/issue-credential-2.0/records', { results: Array.from({ length: 1_000 }, (_, n) => record(n)) });
    // The store holds every write: were the read to wait for them, it would wait the whole minute.
    await ingest.caughtUp(60_000);

    ingest.webhook('issue_credential_v2_0', { ...record(5_000).cred_ex_record, state: 'abandoned' });
    let caughtUp = false;
    const waiting = ingest.caughtUp(60_000).then(() => (caughtUp = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(caughtUp).toBe(false);
    release();
    await waiting;
    expect(caughtUp).toBe(true);
  });
});
