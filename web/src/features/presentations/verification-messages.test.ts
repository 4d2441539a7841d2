import { describe, expect, it } from 'vitest';
import { verificationNotes } from './verification-messages';

describe('verificationNotes', () => {
  it('puts the agent’s codes in words and keeps what it does not know', () => {
    expect(
      verificationNotes(["VALUE_ERROR::Encoded representation mismatch for 'name'", 'TS_OUT_NRI::0_name_uuid', 'RMV_GLB_NRI', 'SOMETHING_NEW::x']),
    ).toEqual([
      {
        code: "VALUE_ERROR::Encoded representation mismatch for 'name'",
        text: "A value in the presentation does not match what was asked or signed: Encoded representation mismatch for 'name'.",
      },
      { code: 'TS_OUT_NRI::0_name_uuid', text: 'The proof for 0_name_uuid was made at a time outside the requested non-revocation interval.' },
      { code: 'RMV_GLB_NRI', text: 'No credential in the proof can be revoked, so the non-revocation interval did not apply.' },
      { code: 'SOMETHING_NEW::x', text: 'SOMETHING_NEW::x' },
    ]);
  });
});
