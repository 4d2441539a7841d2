import { describe, expect, it } from 'vitest';
import { credentialActionStates, matchingItems, oldestFirst, presentationActionStates, type QueueItem } from './queue';

describe('the work queue', () => {
  it('covers the states the spec advises an action for, and a received proposal', () => {
    expect(credentialActionStates).toEqual(['proposal-received', 'offer-received', 'request-received', 'credential-received']);
    expect(presentationActionStates).toEqual(['proposal-received', 'request-received', 'presentation-received']);
  });

  it('puts who has waited longest first', () => {
    const item = (id: string, waitingSince: string) => ({ id, waitingSince }) as QueueItem;
    expect(oldestFirst([item('b', '2026-11-23T10:00:00Z'), item('a', '2026-11-20T10:00:00Z')]).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('narrows to the items whose person or credential has every word typed, in any case', () => {
    const item = (id: string, connectionId: string, what: string) => ({ id, connectionId, what }) as QueueItem;
    const names: Record<string, string> = { a: 'Alice Jones', b: 'Bob Smith' };
    const labelOf = (id: string | null | undefined) => (id ? names[id] : undefined);
    const items = [item('1', 'a', 'Student ID 1.2'), item('2', 'b', 'Student ID 1.2'), item('3', 'a', 'Library card'), item('4', 'x', 'Student ID')];
    const ids = (words: string) => matchingItems(items, words, labelOf).map((i) => i.id);
    expect(ids('')).toEqual(['1', '2', '3', '4']);
    expect(ids('  alice ')).toEqual(['1', '3']);
    expect(ids('student ALICE')).toEqual(['1']);
    expect(ids('Carol')).toEqual([]);
  });
});
