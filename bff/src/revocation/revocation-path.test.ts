import { describe, expect, it } from 'vitest';
import { registryInterface, revocationPath } from './revocation-path.js';

describe('revocationPath', () => {
  it('follows the filter the credential was issued with, on a standard wallet', () => {
    expect(revocationPath('indy', 'askar')).toBe('/revocation');
    expect(revocationPath('anoncreds', 'askar')).toBe('/anoncreds/revocation');
  });

  it('is always the anoncreds interface once the wallet is of an anoncreds type', () => {
    expect(revocationPath('indy', 'askar-anoncreds')).toBe('/anoncreds/revocation');
    expect(revocationPath('anoncreds', 'kanon-anoncreds')).toBe('/anoncreds/revocation');
    expect(registryInterface('askar')).toBe('/revocation');
    expect(registryInterface('askar-anoncreds')).toBe('/anoncreds/revocation');
  });
});
