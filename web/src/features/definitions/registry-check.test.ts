import type { IssuedCredential } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { checkSentence } from './registry-check';

const bob = { cred_rev_id: '5', holder_label: 'Bob Smith', schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2' } as IssuedCredential;

describe('a registry check in plain words', () => {
  it('says the ledger and the wallet agree', () => {
    expect(checkSentence({ missingOnLedger: [], onLedger: 4, applied: false }, []).sentence).toBe(
      'The ledger and the wallet agree (4 revocations on the ledger).',
    );
  });

  it('names the credentials the ledger does not hold as revoked, from the register when it knows them', () => {
    const said = checkSentence({ missingOnLedger: ['5', '9'], onLedger: 1, applied: false }, [bob]);
    expect(said.agree).toBe(false);
    expect(said.sentence).toBe('2 credentials are revoked in the wallet but not on the ledger: verifiers still accept them.');
    expect(said.names).toEqual(['Bob Smith’s Student ID 1.2 (no. 5)', 'credential no. 9']);
  });

  it('says what the fix wrote', () => {
    expect(checkSentence({ missingOnLedger: ['5'], onLedger: 1, applied: true }, [bob]).sentence).toBe('Fixed: 1 revocation was written to the ledger.');
  });
});
