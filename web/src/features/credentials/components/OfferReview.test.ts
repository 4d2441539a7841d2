import { describe, expect, it } from 'vitest';
import { issuerOf } from './OfferReview';

describe('the issuer of an offered credential', () => {
  it('is the DID a credential definition id starts with, in either style', () => {
    expect(issuerOf('WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable')).toBe('WgWxqztrNooG92RXvxSTWv');
    expect(issuerOf('did:indy:sovrin:WgWxqztrNooG92RXvxSTWv/anoncreds/v0/CLAIM_DEF/57/default')).toBe('did:indy:sovrin:WgWxqztrNooG92RXvxSTWv');
    expect(issuerOf(undefined)).toBeUndefined();
    expect(issuerOf('not an id')).toBeUndefined();
  });
});
