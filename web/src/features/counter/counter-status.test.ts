import { describe, expect, it } from 'vitest';
import type { CredExRecord, PresExRecord } from '@credence/shared';
import { counterStatus, offerStatus, walletReason } from './counter-status';

const at = '2026-11-23T10:00:00.000000Z';
const record = (fields: Partial<PresExRecord>): PresExRecord => ({
  pres_ex_id: 'p',
  state: 'request-sent',
  role: 'verifier',
  created_at: at,
  updated_at: at,
  ...fields,
});
const offer = (state: string, fields: Partial<CredExRecord> = {}) =>
  ({ cred_ex_id: 'c', state, role: 'issuer', created_at: at, updated_at: at, ...fields }) as CredExRecord;

describe('counterStatus', () => {
  it('waits, then says scanned as soon as a wallet fetched the invitation', () => {
    expect(counterStatus(record({}), false)).toEqual({ step: 'waiting' });
    expect(counterStatus(undefined, true)).toEqual({ step: 'scanned' });
    expect(counterStatus(record({}), true)).toEqual({ step: 'scanned' });
    expect(counterStatus(record({ state: 'presentation-received' }), true)).toEqual({ step: 'checking' });
    // Done but not yet said whether it verified: still checking, never a verdict by default.
    expect(counterStatus(record({ state: 'done', verified: null }), true)).toEqual({ step: 'checking' });
  });

  it('says verified with the values shown and the predicates met, by the names the request asked for', () => {
    const proved = record({
      state: 'done',
      verified: true,
      by_format: {
        pres_request: {
          anoncreds: {
            requested_attributes: { '0_name_uuid': { name: 'name' } },
            requested_predicates: { '0_birth_year_LE_uuid': { name: 'birth_year', p_type: '<=', p_value: 2008 } },
          },
        },
        pres: {
          anoncreds: {
            requested_proof: { revealed_attrs: { '0_name_uuid': { raw: 'Alice Jones' } }, predicates: { '0_birth_year_LE_uuid': { sub_proof_index: 0 } } },
          },
        },
      },
    });
    const status = counterStatus(proved, true);
    expect(status).toEqual({
      step: 'verified',
      revealed: [{ name: 'name', value: 'Alice Jones' }],
      predicates: [{ name: 'birth_year', p_type: '<=', p_value: 2008 }],
      askedAt: proved.created_at,
    });
    expect(counterStatus({ ...proved, verified: false }, true).step).toBe('not-verified');
  });

  it('says why the wallet gave up, in the wallet’s words', () => {
    expect(counterStatus(record({ state: 'abandoned', error_msg: 'abandoned: No credential satisfies the presentation request' }), true)).toEqual({
      step: 'failed',
      reason: 'The wallet said: “No credential satisfies the presentation request”',
    });
    expect(walletReason(null)).toBe('The wallet gave up without a reason.');
  });
});

describe('offerStatus', () => {
  it('follows a counter offer from waiting to issued, confirmed once the wallet acknowledged', () => {
    expect(offerStatus(offer('offer-sent'), false)).toEqual({ step: 'waiting' });
    expect(offerStatus(offer('offer-sent'), true)).toEqual({ step: 'scanned' });
    expect(offerStatus(offer('request-received'), true)).toEqual({ step: 'issuing' });
    expect(offerStatus(offer('credential-issued'), true)).toEqual({ step: 'issued', confirmed: false });
    expect(offerStatus(offer('done'), false)).toEqual({ step: 'issued', confirmed: true });
    expect(offerStatus(offer('abandoned', { error_msg: 'issuance-abandoned: Declined' }), true)).toEqual({
      step: 'failed',
      reason: 'The wallet said: “Declined”',
    });
  });
});
