import type { ConsoleEvent } from '@credence/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { batchKeys, credentialKeys, presentationKeys, registerKeys, revocationKeys } from '../../lib/query-keys';
import { adviceFor, applyEvent } from './event-effects';

const event = (over: Partial<ConsoleEvent>): ConsoleEvent => ({
  id: '1',
  topic: 'issue_credential_v2_0',
  kind: 'credential',
  version: 'v2',
  subject_id: 'c1',
  state: 'request-received',
  state_v2: 'request-received',
  stale: false,
  received_at: '',
  payload: { connection_id: 'conn-1', role: 'issuer' },
  ...over,
});

function cache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData([...credentialKeys.lists(), { offset: 0 }], { rows: [] });
  client.setQueryData(credentialKeys.detail('c1'), { cred_ex_record: { state: 'offer-sent' } });
  client.setQueryData(presentationKeys.detail('p1'), { state: 'request-sent' });
  return client;
}
const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('applyEvent', () => {
  it('invalidates the lists and the record of a v2 exchange event', () => {
    const client = cache();
    applyEvent(client, event({}));
    expect(isStale(client, [...credentialKeys.lists(), { offset: 0 }])).toBe(true);
    expect(isStale(client, credentialKeys.detail('c1'))).toBe(true);
    expect(isStale(client, presentationKeys.detail('p1'))).toBe(false);
  });

  it('refreshes the register on every exchange and revocation event, a deleted or v1 one too, never on a stale one', () => {
    for (const [over, refreshed] of [
      [{}, true],
      [{ state: 'deleted' }, true],
      [{ version: 'v1' as const }, true],
      [{ topic: 'issuer_cred_rev', kind: 'revocation' as const, subject_id: null }, true],
      [{ stale: true }, false],
      [{ topic: 'connections', kind: 'connection' as const }, false],
    ] as const) {
      const client = cache();
      client.setQueryData([...registerKeys.credentials(), { offset: 0 }], { total: 0, results: [] });
      client.setQueryData([...credentialKeys.lists(), { offset: 0 }], { total: 0, rows: [] });
      applyEvent(client, event(over));
      expect(isStale(client, [...registerKeys.credentials(), { offset: 0 }]), JSON.stringify(over)).toBe(refreshed);
      // The exchange list reads the register too.
      if (over.kind !== 'revocation') expect(isStale(client, [...credentialKeys.lists(), { offset: 0 }]), JSON.stringify(over)).toBe(refreshed);
    }
  });

  it('refreshes the pending revocations (the navigation’s count) on a revocation event, and the batches on a credential event', () => {
    for (const [over, pending, batches] of [
      [{ topic: 'issuer_cred_rev', kind: 'revocation' as const, subject_id: null, state: 'revoked' }, true, false],
      [{ state: 'done' }, false, true],
      [{ topic: 'issuer_cred_rev', kind: 'revocation' as const, subject_id: null, stale: true }, false, false],
    ] as const) {
      const client = cache();
      client.setQueryData(revocationKeys.pending(), { registries: [] });
      client.setQueryData([...batchKeys.all(), 'list'], { results: [] });
      applyEvent(client, event(over));
      expect(isStale(client, revocationKeys.pending()), JSON.stringify(over)).toBe(pending);
      expect(isStale(client, [...batchKeys.all(), 'list']), JSON.stringify(over)).toBe(batches);
    }
  });

  it('removes a deleted record and applies nothing for stale or v1 events', () => {
    const client = cache();
    applyEvent(client, event({ stale: true }));
    applyEvent(client, event({ version: 'v1', topic: 'issue_credential' }));
    expect(isStale(client, credentialKeys.detail('c1'))).toBe(false);
    applyEvent(client, event({ state: 'deleted' }));
    expect(client.getQueryData(credentialKeys.detail('c1'))).toBeUndefined();
  });
});

describe('adviceFor', () => {
  const label = (id: string) => (id === 'conn-1' ? 'Faber College' : undefined);
  it('names the state, the peer and the advised action, for roles that can act', () => {
    expect(adviceFor(event({}), 'issuer', label)).toEqual({
      message: 'Request received from Faber College',
      href: '/credentials/c1',
      label: 'Issue credential',
    });
    expect(adviceFor(event({}), 'verifier', label)).toBeUndefined();
    const presented = event({ topic: 'present_proof_v2_0', kind: 'presentation', subject_id: 'p1', state: 'presentation-received' });
    expect(adviceFor(presented, 'verifier', label)?.label).toBe('Verify');
    expect(adviceFor(presented, 'admin', label)?.href).toBe('/presentations/p1');
  });

  it('is silent for states without advice, stale events and v1 events', () => {
    expect(adviceFor(event({ state: 'offer-sent' }), 'issuer', label)).toBeUndefined();
    expect(adviceFor(event({ stale: true }), 'issuer', label)).toBeUndefined();
    expect(adviceFor(event({ version: 'v1' }), 'issuer', label)).toBeUndefined();
  });
});

describe('invalidateAfterEvent', () => {
  it('repeats a first load that was in flight when the event came', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer = 'before the event';
    let release!: () => void;
    const fetches: string[] = [];
    const load = client.fetchQuery({
      queryKey: credentialKeys.lists(),
      queryFn: async () => {
        const value = answer;
        fetches.push(value);
        if (fetches.length === 1) await new Promise<void>((r) => (release = r));
        return value;
      },
    });
    // Keep the query observed, as a mounted list would.
    const { QueryObserver } = await import('@tanstack/react-query');
    const observer = new QueryObserver(client, { queryKey: credentialKeys.lists(), queryFn: async () => (fetches.push(answer), answer) });
    const stop = observer.subscribe(() => undefined);
    answer = 'after the event';
    applyEvent(client, event({}));
    release();
    await load;
    for (let i = 0; i < 50 && client.getQueryData(credentialKeys.lists()) !== 'after the event'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(client.getQueryData(credentialKeys.lists())).toBe('after the event');
    stop();
  });
});
