import { isAnoncredsWallet, type FilterKind } from '@credence/shared';

export type RevocationPrefix = '/revocation' | '/anoncreds/revocation';

/**
 * Where a credential is revoked: the path follows the filter it was issued with (`anoncreds` →
 * `/anoncreds/revocation`, `indy` → `/revocation`), except that once the wallet is of an anoncreds
 * type the legacy interface is gone and everything goes through `/anoncreds/revocation`.
 */
export function revocationPath(filterKind: FilterKind, walletType: string | null | undefined): RevocationPrefix {
  if (isAnoncredsWallet(walletType) || filterKind === 'anoncreds') return '/anoncreds/revocation';
  return '/revocation';
}

/** The interface that lists and publishes the wallet's registries. */
export const registryInterface = (walletType: string | null | undefined): RevocationPrefix =>
  isAnoncredsWallet(walletType) ? '/anoncreds/revocation' : '/revocation';
