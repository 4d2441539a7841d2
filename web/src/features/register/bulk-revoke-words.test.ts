import { describe, expect, it } from 'vitest';
import { bulkRevokeSentence } from './bulk-revoke-words';

const item = (holder: string) => ({ cred_ex_id: holder, holder_label: holder, schema_id: 'x:2:Student ID:1.2', rev_reg_id: 'r', cred_rev_id: '1' });

describe('what a bulk revocation will do, in words', () => {
  it('counts the credentials, their kinds and holders', () => {
    expect(
      bulkRevokeSentence({ credentials: [item('Bob'), item('Bob'), item('Ann')], holders: 2, kinds: [{ label: 'Student ID 1.2', count: 3 }], over_cap: false }),
    ).toBe(
      '3 credentials of Student ID 1.2 issued to 2 holders will be marked revoked, pending publication. Holders are not notified, and verifiers keep accepting them until you publish.',
    );
    expect(
      bulkRevokeSentence({
        credentials: [item('Bob'), item('Ann')],
        holders: 2,
        kinds: [
          { label: 'Student ID 1.2', count: 1 },
          { label: 'Library card 1.0', count: 1 },
        ],
        over_cap: false,
      }),
    ).toMatch(/^2 credentials of 1 Student ID 1.2 and 1 Library card 1.0 issued to 2 holders/);
  });

  it('says when nothing matches', () => {
    expect(bulkRevokeSentence({ credentials: [], holders: 0, kinds: [], over_cap: false })).toBe(
      'No issued credential matches this search: nothing to revoke.',
    );
  });
});
