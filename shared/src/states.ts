import { z } from 'zod';

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
export const credentialStateSchema = z.enum(credentialStates);
export type CredentialState = z.infer<typeof credentialStateSchema>;

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
export const presentationStateSchema = z.enum(presentationStates);
export type PresentationState = z.infer<typeof presentationStateSchema>;

export const credentialRoles = ['issuer', 'holder'] as const;
export const credentialRoleSchema = z.enum(credentialRoles);
export type CredentialRole = z.infer<typeof credentialRoleSchema>;

export const presentationRoles = ['prover', 'verifier'] as const;
export const presentationRoleSchema = z.enum(presentationRoles);
export type PresentationRole = z.infer<typeof presentationRoleSchema>;

export const initiatorSchema = z.enum(['self', 'external']);

/** Webhooks (never records) may carry this extra state when the agent removed the record. */
export const DELETED_STATE = 'deleted';
