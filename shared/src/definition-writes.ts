import { z } from './zod.js';
import { indyPatterns } from './credential-bodies.js';
import { pathSegment } from './definitions.js';

/**
 * Writing schemas and credential definitions, and reading the revocation registries they get: the
 * askar wallet's legacy routes (`/schemas`, `/credential-definitions`, `/revocation/registr…`) and the
 * askar-anoncreds wallet's (`/anoncreds/…`). The rules are Credence's, inside what the agent accepts,
 * so a name that would make a broken identifier never reaches it.
 */

/** messaging/valid.py IndyRevRegSize (revocation_registry.py MIN_SIZE, MAX_SIZE). */
export const REGISTRY_SIZE = { min: 4, max: 32_768, default: 1000 } as const;
/** indy-credx refuses a schema of more attributes. */
export const MAX_ATTRIBUTES = 125;

export const schemaNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the schema a name')
  .max(100, 'Keep the name under 100 characters')
  // The name sits inside the schema id (`<did>:2:<name>:<version>`), so no colon.
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.'()-]*$/u, "Use letters, digits, spaces and - _ . ' ( ) only, starting with a letter or digit");
export const schemaVersionSchema = z
  .string()
  .trim()
  .min(1, 'Give a version, like 1.0')
  .max(20, 'Keep the version short, like 1.0')
  .regex(/^\d+(\.\d+){1,2}$/, 'Write the version as numbers with dots, like 1.0 or 2.1.3');
export const attributeNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the attribute a name, or remove the row')
  .max(64, 'Keep attribute names under 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Start with a letter; then letters, digits and _ only (like date_of_birth)');

/** The attributes: 1 to 125, each named once (the agent matches names without regard to case). */
export const attributeListSchema = z
  .array(attributeNameSchema)
  .min(1, 'Add at least one attribute')
  .max(MAX_ATTRIBUTES, `A schema holds at most ${MAX_ATTRIBUTES} attributes`)
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, i) => {
      const key = name.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `“${name.trim()}” is already an attribute` });
      seen.add(key);
    });
  });

/** POST /schemas (askar). */
export const schemaSendBodySchema = z.strictObject({
  schema_name: schemaNameSchema,
  schema_version: schemaVersionSchema,
  attributes: attributeListSchema,
});
export type SchemaSendBody = z.input<typeof schemaSendBodySchema>;

/** POST /anoncreds/schema (askar-anoncreds): the issuer is the agent's public DID. */
export const anoncredsSchemaBodySchema = z.strictObject({
  schema: z.strictObject({
    name: schemaNameSchema,
    version: schemaVersionSchema,
    attrNames: attributeListSchema,
    issuerId: z.string().min(1).max(200),
  }),
});
export type AnoncredsSchemaBody = z.input<typeof anoncredsSchemaBodySchema>;

export const credDefTagSchema = z
  .string()
  .trim()
  .min(1, 'Give a tag, like default')
  .max(50, 'Keep the tag under 50 characters')
  // The tag ends the definition's id (`…:CL:<seq no>:<tag>`).
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Use letters, digits and - _ . only (like default or 2026)');
export const registrySizeSchema = z
  .number({ error: 'Give the number of credentials per registry' })
  .int('Give a whole number')
  .min(REGISTRY_SIZE.min, `At least ${REGISTRY_SIZE.min}`)
  .max(REGISTRY_SIZE.max, `At most ${REGISTRY_SIZE.max.toLocaleString('en')}`);

const schemaIdSchema = z.string().min(1, 'Choose a schema').max(500);

/**
 * POST /credential-definitions (askar). Credence never waits for the registries in the request (the
 * agent's default): it follows them by their webhooks instead.
 */
export const credDefSendBodySchema = z.strictObject({
  // The agent's own pattern (INDY_SCHEMA_ID): anything else it refuses as malformed.
  schema_id: schemaIdSchema.regex(indyPatterns.schema_id, 'not a schema id, e.g. WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2'),
  tag: credDefTagSchema,
  support_revocation: z.boolean(),
  revocation_registry_size: registrySizeSchema.optional(),
  wait_for_revocation_setup: z.literal(false),
});
export type CredDefSendBody = z.input<typeof credDefSendBodySchema>;

/** POST /anoncreds/credential-definition (askar-anoncreds). */
export const anoncredsCredDefBodySchema = z.strictObject({
  credential_definition: z.strictObject({ schemaId: schemaIdSchema, tag: credDefTagSchema, issuerId: z.string().min(1).max(200) }),
  options: z.strictObject({ support_revocation: z.boolean(), revocation_registry_size: registrySizeSchema.optional() }),
  wait_for_revocation_setup: z.literal(false),
});
export type AnoncredsCredDefBody = z.input<typeof anoncredsCredDefBodySchema>;

export const schemaSendResultSchema = z.looseObject({ schema_id: z.string().optional(), sent: z.looseObject({ schema_id: z.string() }).optional() });
export const credDefSendResultSchema = z.looseObject({
  credential_definition_id: z.string().optional(),
  sent: z.looseObject({ credential_definition_id: z.string() }).optional(),
});
export const anoncredsSchemaResultStateSchema = z.looseObject({
  schema_state: z.looseObject({ state: z.string(), schema_id: z.string().nullish() }).optional(),
});
export const anoncredsCredDefResultStateSchema = z.looseObject({
  credential_definition_state: z.looseObject({ state: z.string(), credential_definition_id: z.string().nullish() }).optional(),
});

/** GET /schemas/created. */
export const createdSchemasQuerySchema = z.strictObject({
  schema_name: z.string().min(1).max(100).optional(),
  schema_version: z
    .string()
    .regex(/^[0-9.]+$/, 'not a version')
    .max(20)
    .optional(),
});
/** GET /anoncreds/schemas. */
export const anoncredsSchemasQuerySchema = createdSchemasQuerySchema;
export const schemaIdsSchema = z.looseObject({ schema_ids: z.array(z.string()).optional() });

/** GET /wallet/did/public: the DID the anoncreds bodies name as issuer. */
export const publicDidResultSchema = z.looseObject({ result: z.looseObject({ did: z.string() }).nullish() });

export const legacyRegistryStates = ['init', 'generated', 'posted', 'active', 'full', 'decommissioned'] as const;
export const anoncredsRegistryStates = ['finished', 'failed', 'action', 'wait', 'decommissioned', 'full'] as const;

/** GET /revocation/registries/created: the agent pages it (limit 100 by default). */
export const legacyRegistriesQuerySchema = z.strictObject({
  cred_def_id: z.string().min(1).max(500).optional(),
  state: z.enum(legacyRegistryStates).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});
/** GET /anoncreds/revocation/registries. */
export const anoncredsRegistriesQuerySchema = z.strictObject({
  cred_def_id: z.string().min(1).max(500).optional(),
  state: z.enum(anoncredsRegistryStates).optional(),
});
export const registryIdsSchema = z.looseObject({ rev_reg_ids: z.array(z.string()).optional() });
/** GET …/registry/{id}/issued (RevRegIssuedResultSchema): `{"result": <count>}`. */
export const registryIssuedSchema = z.looseObject({ result: z.number().int().min(0).optional() });
export const registryParamsSchema = z.strictObject({ rev_reg_id: pathSegment(600) });

/** GET …/registry/{id}: the IssuerRevRegRecord (rebuilt from the definition on the anoncreds interface). */
export const registryRecordSchema = z.looseObject({
  result: z
    .looseObject({
      revoc_reg_id: z.string().optional(),
      cred_def_id: z.string().optional(),
      state: z.string().optional(),
      max_cred_num: z.number().optional(),
      tails_public_uri: z.string().optional(),
      tails_local_path: z.string().optional(),
      pending_pub: z.array(z.string()).optional(),
    })
    .nullish(),
});

/** PUT …/registry/{id}/fix-revocation-entry-state: required, read by the agent with json.loads. */
export const registryFixQuerySchema = z.strictObject({ apply_ledger_update: z.enum(['true', 'false'], { error: 'must be true or false' }) });

const revokedIndexes = z.looseObject({ value: z.looseObject({ revoked: z.array(z.number().int()).optional() }).optional() });
/**
 * Its answer (revocation/routes.py update_rev_reg_revoked_state): the ledger's delta of the registry
 * (`revoked`: the indexes the ledger holds as revoked), the accumulator update that would add what the
 * wallet revoked and the ledger lacks (`{}`: nothing to add), and the ledger's answer once applied.
 */
export const registryFixResultSchema = z.looseObject({
  rev_reg_delta: revokedIndexes.optional(),
  accum_calculated: revokedIndexes.optional(),
  accum_fixed: z.looseObject({}).optional(),
});
export type RegistryFixResult = z.infer<typeof registryFixResultSchema>;

export interface RegistryCheck {
  /** The credential revocation ids the wallet holds as revoked and the ledger does not (ascending). */
  missingOnLedger: string[];
  /** How many revocations the ledger holds for the registry. */
  onLedger: number;
  /** The update was written to the ledger (apply_ledger_update=true and something to fix). */
  applied: boolean;
}

/** What the agent's answer means: which revocations the ledger lacks, and whether the fix went out. */
export function readRegistryCheck(answer: RegistryFixResult): RegistryCheck {
  const missing = answer.accum_calculated?.value?.revoked ?? [];
  return {
    missingOnLedger: [...missing].sort((a, b) => a - b).map(String),
    onLedger: answer.rev_reg_delta?.value?.revoked?.length ?? 0,
    applied: Object.keys(answer.accum_fixed ?? {}).length > 0,
  };
}

/** A `revocation_registry` webhook (legacy interface): the whole record. */
export const registryWebhookSchema = z.looseObject({
  record_id: z.string().min(1).max(200),
  state: z.string().min(1).max(100),
  cred_def_id: z.string().max(500).nullish(),
  revoc_reg_id: z.string().max(600).nullish(),
});
