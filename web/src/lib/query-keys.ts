/**
 * The roots of the server-data keys. Feature query factories build on these, and live events
 * invalidate through them, so no key is ever written by hand in two places.
 */
export const credentialKeys = {
  all: () => ['credentials'] as const,
  lists: () => [...credentialKeys.all(), 'list'] as const,
  details: () => [...credentialKeys.all(), 'detail'] as const,
  detail: (credExId: string) => [...credentialKeys.details(), credExId] as const,
};

export const presentationKeys = {
  all: () => ['presentations'] as const,
  lists: () => [...presentationKeys.all(), 'list'] as const,
  details: () => [...presentationKeys.all(), 'detail'] as const,
  detail: (presExId: string) => [...presentationKeys.details(), presExId] as const,
};

export const revocationKeys = {
  all: () => ['revocation'] as const,
  pending: () => [...revocationKeys.all(), 'pending'] as const,
};

/** The register (Credence's own record of exchanges and issued credentials): refreshed by every exchange event. */
export const registerKeys = {
  all: () => ['register'] as const,
  credentials: () => [...registerKeys.all(), 'credentials'] as const,
  /** Whether the credential one exchange issued is revoked (pending or published): its detail page and "Revoke…" read it. */
  issuedStatus: (credExId: string) => [...registerKeys.credentials(), 'status', credExId] as const,
  exchanges: () => [...registerKeys.all(), 'exchanges'] as const,
};

/** Batches issued to many: their progress, and how many were issued, follow the credential events. */
export const batchKeys = {
  all: () => ['issue-batches'] as const,
};

export const walletKeys = {
  all: () => ['wallet'] as const,
};

/** Proof-request templates: pages of the list, each template, and its versions (pages of them, and each one). */
export const templateKeys = {
  all: () => ['proof-templates'] as const,
  lists: () => [...templateKeys.all(), 'list'] as const,
  list: (page: { limit: number; offset: number }) => [...templateKeys.lists(), page] as const,
  details: () => [...templateKeys.all(), 'detail'] as const,
  detail: (id: string) => [...templateKeys.details(), id] as const,
  versions: (id: string) => [...templateKeys.detail(id), 'versions'] as const,
  version: (id: string, version: number) => [...templateKeys.detail(id), 'version', version] as const,
};

export const auditKeys = {
  all: () => ['audit'] as const,
};

/** Whether a wallet fetched a counter's invitation: set by the live event, read by the counter page. */
export const invitationFetchedKey = (exchangeId: string) => ['counter', 'fetched', exchangeId] as const;

/** This agent's schemas and the revocation registries of its credential definitions (the definitions page). */
export const schemaKeys = {
  all: () => ['schemas'] as const,
  registries: () => [...schemaKeys.all(), 'registries'] as const,
};
