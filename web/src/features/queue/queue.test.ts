import { describe, expect, it } from 'vitest';
import { credentialActionStates, oldestFirst, presentationActionStates, type QueueItem } from './queue';

describe('the work queue', () => {
  it('covers the states the spec advises an action for, and a received proposal', () => {
    expect(credentialActionStates).toEqual(['proposal-received', 'offer-received', 'request-received', 'credential-received']);
    expect(presentationActionStates).toEqual(['proposal-received', 'request-received', 'presentation-received']);
  });

  it('puts who has waited longest first', () => {
    const item = (id: string, waitingSince: string) => ({ id, waitingSince }) as QueueItem;
    expect(oldestFirst([item('b', '2026-11-23T10:00:00Z'), item('a', '2026-11-20T10:00:00Z')]).map((i) => i.id)).toEqual(['a', 'b']);
  });
});
