import { describe, expect, it } from 'vitest';
import type { PresExRecord } from '@credence/shared';
import { counterStatus } from './counter-status';

const at = '2026-11-23T10:00:00.000000Z';
const record = (fields: Partial<PresExRecord>): PresExRecord => ({
  pres_ex_id: 'p',
  state: 'request-sent',
  role: 'verifier',
  created_at: at,
  updated_at: at,
  ...fields,
});

describe('counterStatus', () => {
  it('waits, then says scanned as soon as a wallet fetched the invitation', () => {
    expect(counterStatus(record({}), false)).toEqual({ step: 'waiting' });
    expect(counterStatus(record({}), true)).toEqual({ step: 'scanned' });
  });

  it('says verified with what was proved, or not verified, or why the wallet gave up', () => {
    const proved = record({
      state: 'done',
      verified: true,
      by_format: {
        pres_request: { indy: { requested_attributes: { '0_name_uuid': { name: 'name' } } } },
        pres: { indy: { requested_proof: { revealed_attrs: { '0_name_uuid': { raw: 'Alice Jones' } } } } },
      },
    });
    expect(counterStatus(proved, true)).toEqual({ step: 'verified', revealed: [{ name: 'name', value: 'Alice Jones' }] });
    expect(counterStatus({ ...proved, verified: false }, true).step).toBe('not-verified');
    expect(counterStatus(record({ state: 'abandoned', error_msg: 'presentation-abandoned: No credential' }), true)).toEqual({
      step: 'failed',
      reason: 'presentation-abandoned: No credential',
    });
  });
});
