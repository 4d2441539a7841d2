import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { agentError } from '../agent-errors.js';
import { inThisWallet, type SandboxCredDef, type SandboxSchema } from '../ledger.js';
import type { SandboxStore } from '../store.js';
import { FieldChecks } from '../validation.js';
import type { SandboxRouteHelpers } from './helpers.js';

const B58 = '[123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz]';
const patterns = {
  cred_def_id: new RegExp(`^(${B58}{21,22}):3:CL:(([1-9][0-9]*)|(${B58}{21,22}:2:.+:[0-9.]+)):(.+)?$`),
  schema_id: new RegExp(`^${B58}{21,22}:2:.+:[0-9.]+$`),
  did: new RegExp(`^(did:(sov|indy):)?${B58}{21,22}$`),
  version: /^[0-9.]+$/,
};
/**
 * The pattern ACA-Py's `/schemas/{schema_id}` path takes (SchemaIdMatchInfoSchema): `^[1-9][0-9]*|…$`
 * under Python's re.match, anchored at the start only, so anything starting with a digit passes.
 */
const SCHEMA_PATH = new RegExp(`^(?:[1-9][0-9]*|${B58}{21,22}:2:.+:[0-9.]+$)`);
/** The legacy indy registry's identifiers (anoncreds/default/legacy_indy/registry.py): what the anoncreds routes resolve. */
const LEGACY_INDY_ID = new RegExp(
  `^(did:sov:)?${B58}{21,22}$|^${B58}{21,22}:2:.+:[0-9.]+$|^[0-9.]+$|^(${B58}{21,22}):3:CL:(([1-9][0-9]*)|(${B58}{21,22}:2:.+:[0-9.]+)):(.+)?$|^(${B58}{21,22}):4:`,
);
/** messaging/valid.py: each validator's own message. */
const invalid = {
  cred_def_id: (v: string) => `Value ${v} is not an indy credential definition identifier`,
  schema_id: (v: string) => `Value ${v} is not an indy schema identifier`,
  did: (v: string) => `Value ${v} is not an indy decentralized identifier (DID)`,
  version: (v: string) => `Value ${v} is not a valid version major minor version (use only digits and '.')`,
};

// utils/profiles.py: the legacy interface on an anoncreds profile, and the reverse.
const LEGACY_ON_ANONCREDS = 'Interface not supported for an anoncreds profile';
const ANONCREDS_REQUIRED = 'AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile';

const isAnoncredsWallet = (store: SandboxStore) => store.wallet.type !== 'askar';

/** The schema's ledger sequence number: the number inside the id of a credential definition on it. */
function seqNoOf(store: SandboxStore, schema: SandboxSchema): number {
  if (schema.seqNo !== undefined) return schema.seqNo;
  const credDef = store.ledger.credDefs.find((d) => d.schema.schema_id === schema.schema_id);
  return Number(credDef?.cred_def_id.split(':')[3] ?? 0);
}

/** A schema by id or by sequence number. */
function schemaOf(store: SandboxStore, id: string): SandboxSchema | undefined {
  return store.ledger.schemas.find((s) => s.schema_id === id || String(seqNoOf(store, s)) === id);
}

/** Key material that looks like the agent's (decimal strings), derived from the id so it is stable. */
export function keyValue(credDef: SandboxCredDef) {
  const digits = (label: string) => BigInt(`0x${createHash('sha256').update(`${credDef.cred_def_id}|${label}`).digest('hex')}`).toString();
  const primary = {
    n: digits('n'),
    s: digits('s'),
    r: Object.fromEntries(['master_secret', ...credDef.schema.attributes].map((a) => [a, digits(`r|${a}`)])),
    rctxt: digits('rctxt'),
    z: digits('z'),
  };
  const point = (label: string) =>
    `1 ${digits(label).slice(0, 16)} 1 ${digits(`${label}'`).slice(0, 16)} 2 095E45DDF417D05FB10933FFC63D474548B7FFFF7888802F07FFFFFF7D07A8A8`;
  const revocation = Object.fromEntries(['g', 'g_dash', 'h', 'h0', 'h1', 'h2', 'htilde', 'h_cap', 'u', 'pk', 'y'].map((k) => [k, point(k)]));
  return credDef.revocable ? { primary, revocation } : { primary };
}

/** Own definitions of `kind`, filtered by the tags the agent stores with them (`CRED_DEF_TAGS`). */
function createdBy(store: SandboxStore, kind: SandboxCredDef['kind'], tags: Record<string, string | undefined>): string[] {
  const value: Record<string, (d: SandboxCredDef) => string> = {
    cred_def_id: (d) => d.cred_def_id,
    schema_id: (d) => d.schema.schema_id,
    schema_name: (d) => d.schema.name,
    schema_version: (d) => d.schema.version,
    issuer_did: (d) => d.issuer_id,
    schema_issuer_did: (d) => d.schema.issuer_id,
    issuer_id: (d) => d.issuer_id,
  };
  return store.ledger.credDefs
    .filter((d) => inThisWallet(d) && d.kind === kind)
    .filter((d) => Object.entries(tags).every(([tag, wanted]) => wanted === undefined || value[tag]?.(d) === wanted))
    .map((d) => d.cred_def_id);
}

/**
 * The agent's credential definitions and schemas: messaging/credential_definitions and messaging/schemas
 * (askar wallets), anoncreds/routes/cred_defs and anoncreds/routes/schemas (askar-anoncreds). Each side
 * answers 403 on the other wallet type. On an askar-anoncreds wallet the sandbox lists its definitions
 * of the anoncreds kind (those its offer engine issues with an anoncreds filter).
 */
export function definitionRoutes({ store, authorize }: SandboxRouteHelpers) {
  const app = new Hono();
  const legacy = (c: Context) => {
    authorize(c);
    if (isAnoncredsWallet(store)) throw agentError(403, LEGACY_ON_ANONCREDS);
  };
  const anoncreds = (c: Context) => {
    authorize(c);
    if (!isAnoncredsWallet(store)) throw agentError(403, ANONCREDS_REQUIRED);
  };

  app.get('/credential-definitions/created', (c) => {
    const checks = new FieldChecks('querystring');
    const tags: Record<string, string | undefined> = {};
    for (const [tag, pattern, message] of [
      ['cred_def_id', patterns.cred_def_id, invalid.cred_def_id],
      ['schema_id', patterns.schema_id, invalid.schema_id],
      ['schema_name', undefined, undefined],
      ['schema_version', patterns.version, invalid.version],
      ['issuer_did', patterns.did, invalid.did],
      ['schema_issuer_did', patterns.did, invalid.did],
    ] as const) {
      const value = c.req.query(tag);
      if (value !== undefined && pattern && !pattern.test(value)) checks.fail(tag, message(value));
      tags[tag] = value;
    }
    checks.done();
    legacy(c);
    return c.json({ credential_definition_ids: createdBy(store, 'indy', tags) });
  });

  app.get('/credential-definitions/:cred_def_id', (c) => {
    const id = c.req.param('cred_def_id');
    const checks = new FieldChecks('match_info');
    if (!patterns.cred_def_id.test(id)) checks.fail('cred_def_id', invalid.cred_def_id(id));
    checks.done();
    legacy(c);
    const credDef = store.ledger.credDefs.find((d) => d.cred_def_id === id);
    // The ledger answers None for an unknown definition, and the route passes it on.
    if (!credDef) return c.json({ credential_definition: null });
    return c.json({
      credential_definition: { ver: '1.0', id, schemaId: String(seqNoOf(store, credDef.schema)), type: 'CL', tag: credDef.tag, value: keyValue(credDef) },
    });
  });

  app.get('/schemas/:schema_id', (c) => {
    const id = c.req.param('schema_id');
    const checks = new FieldChecks('match_info');
    if (!SCHEMA_PATH.test(id)) checks.fail('schema_id', 'String does not match expected pattern.');
    checks.done();
    legacy(c);
    const schema = schemaOf(store, id);
    // indy_vdr.py fetch_schema_by_seq_no: a number that is no schema's transaction is a ledger error (400 here).
    if (!schema && /^\d+$/.test(id)) throw agentError(400, `Could not get schema from ledger for seq no ${Number(id)}`);
    if (!schema) throw agentError(404, `Schema not found: ${id}`);
    return c.json({
      schema: { ver: '1.0', id: schema.schema_id, name: schema.name, version: schema.version, attrNames: schema.attributes, seqNo: seqNoOf(store, schema) },
    });
  });

  app.get('/anoncreds/credential-definitions', (c) => {
    anoncreds(c);
    const tags = Object.fromEntries(['issuer_id', 'schema_id', 'schema_name', 'schema_version'].map((tag) => [tag, c.req.query(tag)]));
    return c.json({ credential_definition_ids: createdBy(store, 'anoncreds', tags) });
  });

  app.get('/anoncreds/credential-definition/:cred_def_id', (c) => {
    anoncreds(c);
    const id = c.req.param('cred_def_id');
    // No registry resolves the id: AnonCredsResolutionError, which cred_def_get does not catch.
    if (!LEGACY_INDY_ID.test(id)) throw agentError(500, 'Internal Server Error');
    const credDef = store.ledger.credDefs.find((d) => d.cred_def_id === id);
    if (!credDef) throw agentError(400, `Credential definition ${id} not found`);
    // GetCredDefResult: its metadata attribute is not the schema's field name, so it is never serialized.
    return c.json({
      credential_definition_id: id,
      credential_definition: { issuerId: credDef.issuer_id, schemaId: credDef.schema.schema_id, type: 'CL', tag: credDef.tag, value: keyValue(credDef) },
      resolution_metadata: {},
    });
  });

  app.get('/anoncreds/schema/:schema_id', (c) => {
    anoncreds(c);
    const id = c.req.param('schema_id');
    if (!LEGACY_INDY_ID.test(id)) throw agentError(400, `No resolver available for identifier ${id}`);
    const schema = schemaOf(store, id);
    if (!schema && /^[0-9.]+$/.test(id)) throw agentError(400, `Failed to retrieve schema. Could not get schema from ledger for seq no ${id}`);
    if (!schema) throw agentError(404, `Schema not found: ${id}`);
    // legacy_indy/registry.py get_schema: the ledger's id (also when asked by sequence number), no ledger_id.
    return c.json({
      schema_id: schema.schema_id,
      schema: { issuerId: schema.issuer_id, attrNames: schema.attributes, name: schema.name, version: schema.version },
      resolution_metadata: { ledger_id: null },
      schema_metadata: { seqNo: seqNoOf(store, schema) },
    });
  });
  return app;
}
