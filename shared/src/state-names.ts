// The agent's exchange states and roles as plain lists (their schemas are in states.ts).

export const credentialStates = [
  'proposal-sent',
  'proposal-received',
  'offer-sent',
  'offer-received',
  'request-sent',
  'request-received',
  'credential-issued',
  'credential-received',
  'done',
  'credential-revoked',
  'abandoned',
] as const;

export const presentationStates = [
  'proposal-sent',
  'proposal-received',
  'request-sent',
  'request-received',
  'presentation-sent',
  'presentation-received',
  'done',
  'abandoned',
] as const;

export const credentialRoles = ['issuer', 'holder'] as const;

export const presentationRoles = ['prover', 'verifier'] as const;

/** Webhooks (never records) may carry this extra state when the agent removed the record. */
export const DELETED_STATE = 'deleted';
