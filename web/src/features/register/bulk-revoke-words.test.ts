import type { BulkRevokePreview } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { bulkRevokeSentence } from './bulk-revoke-words';

const item = (holder: string) => ({ cred_ex_id: holder, holder_label: holder, schema_id: 'x:2:Student ID:1.2', rev_reg_id: 'r', cred_rev_id: '1' });
const none = { over_cap: false, not_revocable: 0, not_revocable_capped: false };
const previewOf = (p: Partial<BulkRevokePreview>): BulkRevokePreview => ({ credentials: [], holders: 0, kinds: [], ...none, ...p });

describe('what a bulk revocation will do, in words', () => {
  it('counts the credentials, their kinds and holders', () => {
    expect(
      bulkRevokeSentence(previewOf({ credentials: [item('Bob'), item('Bob'), item('Ann')], holders: 2, kinds: [{ label: 'Student ID 1.2', count: 3 }] })),
    ).toBe(
      '3 credentials of Student ID 1.2 issued to 2 holders will be marked revoked, pending publication. Holders are not notified, and verifiers keep accepting them until you publish.',
    );
    expect(
      bulkRevokeSentence(
        previewOf({
          credentials: [item('Bob'), item('Ann')],
          holders: 2,
          kinds: [
            { label: 'Student ID 1.2', count: 1 },
            { label: 'Library card 1.0', count: 1 },
          ],
        }),
      ),
    ).toMatch(/^2 credentials of 1 Student ID 1.2 and 1 Library card 1.0 issued to 2 holders/);
  });

  it('says when nothing matches', () => {
    expect(bulkRevokeSentence(previewOf({}))).toBe('No issued credential matches this search: nothing to revoke.');
  });

  it('says why when what matches cannot be revoked, instead of "nothing matches"', () => {
    expect(bulkRevokeSentence(previewOf({ not_revocable: 3 }))).toBe(
      'The 3 issued credentials this search matches cannot be revoked: they were issued without a revocation registry.',
    );
    expect(bulkRevokeSentence(previewOf({ not_revocable: 1 }))).toBe(
      'The issued credential this search matches cannot be revoked: it was issued without a revocation registry.',
    );
    expect(bulkRevokeSentence(previewOf({ not_revocable: 550, not_revocable_capped: true }))).toMatch(/^The 550\+ issued credentials/);
  });

  it('names what is left alone beside what is revoked', () => {
    expect(bulkRevokeSentence(previewOf({ credentials: [item('Bob')], holders: 1, kinds: [{ label: 'Student ID 1.2', count: 1 }], not_revocable: 2 }))).toBe(
      '1 credential of Student ID 1.2 issued to 1 holder will be marked revoked, pending publication. Holders are not notified, and verifiers keep accepting it until you publish. 2 more match but cannot be revoked (issued without a revocation registry): they are left as they are.',
    );
  });
});
