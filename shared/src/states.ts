import { z } from './zod.js';
import { credentialRoles, credentialStates, presentationRoles, presentationStates } from './state-names.js';

export const credentialStateSchema = z.enum(credentialStates);
export type CredentialState = z.infer<typeof credentialStateSchema>;

export const presentationStateSchema = z.enum(presentationStates);
export type PresentationState = z.infer<typeof presentationStateSchema>;

export const credentialRoleSchema = z.enum(credentialRoles);
export type CredentialRole = z.infer<typeof credentialRoleSchema>;

export const presentationRoleSchema = z.enum(presentationRoles);
export type PresentationRole = z.infer<typeof presentationRoleSchema>;

export const initiatorSchema = z.enum(['self', 'external']);
