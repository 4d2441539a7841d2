import { z } from './zod.js';
import { indyPatterns } from './credential-bodies.js';

/**
 * Credential definitions and schemas as the agent answers them: the askar wallet's legacy routes
 * (`/credential-definitions`, `/schemas`) and the askar-anoncreds wallet's (`/anoncreds/…`).
 */
const bounded = (max = 500) => z.string().min(1, 'must not be empty').max(max, 'is too long');
/**
 * An id that goes into the agent's path. "." and ".." pass through encodeURIComponent unchanged and
 * would be resolved as path steps (`/registry/./issued` is `/registry/issued`): refused.
 */
export const pathSegment = (max = 500) => bounded(max).refine((v) => v !== '.' && v !== '..', 'is not an id');

/** GET /credential-definitions/created: filters are the agent's, each optional. */
export const createdCredDefsQuerySchema = z.strictObject({
  cred_def_id: bounded().regex(indyPatterns.cred_def_id, 'not a credential definition id').optional(),
  schema_id: bounded().regex(indyPatterns.schema_id, 'not a schema id').optional(),
  schema_name: bounded().optional(),
  schema_version: bounded(50).regex(indyPatterns.version, 'not a version').optional(),
  issuer_did: bounded(100).regex(indyPatterns.did, 'not a DID').optional(),
  schema_issuer_did: bounded(100).regex(indyPatterns.did, 'not a DID').optional(),
});

/** GET /anoncreds/credential-definitions. */
export const anoncredsCredDefsQuerySchema = z.strictObject({
  issuer_id: bounded().optional(),
  schema_id: bounded().optional(),
  schema_name: bounded().optional(),
  schema_version: bounded(50).optional(),
});

export const credDefIdsSchema = z.looseObject({ credential_definition_ids: z.array(z.string()).optional() });

/** The legacy path parameter: the agent's own pattern, so a typo is a clear 400 here. */
export const indyCredDefParamsSchema = z.strictObject({
  cred_def_id: bounded().regex(indyPatterns.cred_def_id, 'not a credential definition id, e.g. WgWxqztrNooG92RXvxSTWv:3:CL:20:tag'),
});
/** A schema by id or by the ledger's sequence number (what a legacy credential definition names). */
export const indySchemaParamsSchema = z.strictObject({
  schema_id: bounded().regex(/^[1-9][0-9]*$|^[123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz]{21,22}:2:.+:[0-9.]+$/, 'not a schema id'),
});
export const anoncredsCredDefParamsSchema = z.strictObject({ cred_def_id: pathSegment() });
export const anoncredsSchemaParamsSchema = z.strictObject({ schema_id: pathSegment() });

/** GET /credential-definitions/{id}: `schemaId` is the schema's ledger sequence number, as text. */
export const indyCredDefResultSchema = z.looseObject({
  credential_definition: z
    .looseObject({
      id: z.string().optional(),
      schemaId: z.string().optional(),
      tag: z.string().optional(),
      value: z.looseObject({ revocation: z.unknown().optional() }).optional(),
    })
    .nullish(),
});

/** GET /schemas/{id}. */
export const indySchemaResultSchema = z.looseObject({
  schema: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      version: z.string().optional(),
      attrNames: z.array(z.string()).optional(),
      seqNo: z.number().optional(),
    })
    .nullish(),
});

/** GET /anoncreds/credential-definition/{id}. */
export const anoncredsCredDefResultSchema = z.looseObject({
  credential_definition_id: z.string().optional(),
  credential_definition: z
    .looseObject({
      issuerId: z.string().optional(),
      schemaId: z.string().optional(),
      tag: z.string().optional(),
      value: z.looseObject({ revocation: z.unknown().optional() }).optional(),
    })
    .nullish(),
});

/** GET /anoncreds/schema/{id}. */
export const anoncredsSchemaResultSchema = z.looseObject({
  schema_id: z.string().optional(),
  schema: z.looseObject({ name: z.string(), version: z.string(), attrNames: z.array(z.string()), issuerId: z.string().optional() }).nullish(),
});

/** One of the agent's own credential definitions as the forms show it. */
export interface OwnCredDef {
  format: 'indy' | 'anoncreds';
  credDefId: string;
  tag: string;
  schemaId: string;
  schemaName: string;
  schemaVersion: string;
  attributes: string[];
  revocable: boolean;
}
