// The register's names and bounds, without its schemas: a page that only needs these does not load zod.

export const registerKinds = ['credential', 'presentation'] as const;
export type RegisterKind = (typeof registerKinds)[number];

/** An issued credential's revocation status: revoked-pending = revoked in the wallet, not yet published. */
export const issuedStatuses = ['issued', 'revoked-pending', 'revoked'] as const;
export type IssuedStatus = (typeof issuedStatuses)[number];

export const registerSorts = ['created', '-created', 'updated', '-updated'] as const;
export type RegisterSort = (typeof registerSorts)[number];

export const issuedSorts = ['issued', '-issued'] as const;
export type IssuedSort = (typeof issuedSorts)[number];

/** As many as the agent's own lists give in one page: the console's long pages are virtualised. */
export const REGISTER_MAX_LIMIT = 10_000;
export const REGISTER_DEFAULT_LIMIT = 50;
