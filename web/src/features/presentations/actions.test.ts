import { presentationStates } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { presentationActions } from './actions';

describe('presentationActions', () => {
  it('puts the advised action first: Verify for a received presentation, Prepare for a received request', () => {
    expect(presentationActions({ role: 'verifier', state: 'presentation-received' })[0]).toMatchObject({
      id: 'verify-presentation',
      label: 'Verify',
      primary: true,
    });
    expect(presentationActions({ role: 'prover', state: 'request-received' })[0]).toMatchObject({
      id: 'prepare-presentation',
      label: 'Prepare presentation',
      primary: true,
    });
    expect(presentationActions({ role: 'verifier', state: 'proposal-received' })[0]).toMatchObject({ id: 'send-request', primary: true });
  });

  it('offers no protocol step where the state allows none', () => {
    expect(presentationActions({ role: 'verifier', state: 'request-sent' }).map((a) => a.id)).toEqual(['problem-report', 'remove']);
    expect(presentationActions({ role: 'prover', state: 'presentation-received' }).map((a) => a.id)).toEqual(['problem-report', 'remove']);
    expect(presentationActions({ role: 'verifier', state: 'done' }).map((a) => a.id)).toEqual(['remove']);
    for (const state of presentationStates) {
      for (const role of ['verifier', 'prover'] as const) expect(presentationActions({ role, state }).filter((a) => a.primary).length).toBeLessThanOrEqual(1);
    }
  });
});
