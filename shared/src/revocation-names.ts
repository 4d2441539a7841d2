// Revocation's names and readers, without its schemas: a page that only needs these does not load zod.

export const notifyVersions = ['v1_0', 'v2_0'] as const;
export const filterKinds = ['indy', 'anoncreds'] as const;
export type FilterKind = (typeof filterKinds)[number];

/** Which revocation interface a registry belongs to, read from its id when nothing else says. */
export function filterKindOfRegistry(revRegId: string): FilterKind {
  return revRegId.includes('/anoncreds/') ? 'anoncreds' : 'indy';
}

/** `askar-anoncreds`, `kanon-anoncreds`: the wallet types the anoncreds filter and interface need. */
export const isAnoncredsWallet = (walletType: string | null | undefined): boolean => walletType?.endsWith('-anoncreds') ?? false;
