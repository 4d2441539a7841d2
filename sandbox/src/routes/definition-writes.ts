import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { agentError, pyRepr, validationError } from '../agent-errors.js';
import { DefinitionsEngine, REGISTRY_SIZE } from '../definitions-engine.js';
import { BodyChecks, readBody } from '../request-body.js';
import { FieldChecks } from '../validation.js';
import { keyValue } from './definitions.js';
import type { SandboxRouteHelpers } from './helpers.js';

const B58 = '[123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz]';
const SCHEMA_ID = new RegExp(`^${B58}{21,22}:2:.+:[0-9.]+$`);
const DID = new RegExp(`^(did:(sov|indy):)?${B58}{21,22}$`);
const VERSION = /^[0-9.]+$/;
/** The legacy indy registry resolves (and registers) only its own identifiers. */
const LEGACY_DID = new RegExp(`^(did:sov:)?${B58}{21,22}$`);

const LEGACY_ON_ANONCREDS = 'Interface not supported for an anoncreds profile';
const ANONCREDS_REQUIRED = 'AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile';

/** A list of strings, as marshmallow's fields.List(fields.Str()) checks it. */
function stringListErrors(value: unknown): unknown {
  if (!Array.isArray(value)) return ['Not a valid list.'];
  const bad = Object.fromEntries(value.flatMap((v, i) => (typeof v === 'string' ? [] : [[String(i), ['Not a valid string.']]])));
  return Object.keys(bad).length ? bad : undefined;
}

const B58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A stable base58 verkey (44 characters) for the DID. */
const verkeyOf = (did: string) => [...createHash('sha512').update(did).digest().subarray(0, 44)].map((b) => B58_ALPHABET[b % 58]).join('');

/**
 * Writing schemas and credential definitions: messaging/schemas/routes.py and
 * messaging/credential_definitions/routes.py (askar wallets), anoncreds/routes/schemas and
 * anoncreds/routes/cred_defs (askar-anoncreds), and the public DID the anoncreds bodies name as issuer.
 */
export function definitionWriteRoutes({ store, authorize }: SandboxRouteHelpers, engine: DefinitionsEngine) {
  const app = new Hono();
  const anoncredsWallet = () => store.wallet.type !== 'askar';
  const legacy = (c: Context) => {
    authorize(c);
    if (anoncredsWallet()) throw agentError(403, LEGACY_ON_ANONCREDS);
  };
  const anoncreds = (c: Context) => {
    authorize(c);
    if (!anoncredsWallet()) throw agentError(403, ANONCREDS_REQUIRED);
  };

  // revocation/routes.py rotate_rev_reg and anoncreds/routes/revocation/registry/routes.py rotate_rev_reg.
  app.post('/revocation/active-registry/:cred_def_id{.+}/rotate', (c) => {
    legacy(c);
    return c.json(engine.rotateLegacy(c.req.param('cred_def_id')));
  });
  app.post('/anoncreds/revocation/active-registry/:cred_def_id{.+}/rotate', (c) => {
    anoncreds(c);
    return c.json(engine.rotateAnoncreds(c.req.param('cred_def_id')));
  });

  app.get('/wallet/did/public', (c) => {
    authorize(c);
    const did = store.ledger.ownDid;
    return c.json({
      result: {
        did,
        verkey: verkeyOf(did),
        posture: 'public',
        key_type: 'ed25519',
        method: 'sov',
        metadata: { posted: true, endpoint: 'https://sandbox-agent.credence.invalid/didcomm' },
      },
    });
  });

  app.get('/schemas/created', (c) => {
    const checks = new FieldChecks('querystring');
    const q = (name: string) => c.req.query(name);
    if (q('schema_id') !== undefined && !SCHEMA_ID.test(q('schema_id')!)) checks.fail('schema_id', `Value ${q('schema_id')} is not an indy schema identifier`);
    if (q('schema_issuer_did') !== undefined && !DID.test(q('schema_issuer_did')!))
      checks.fail('schema_issuer_did', `Value ${q('schema_issuer_did')} is not an indy decentralized identifier (DID)`);
    if (q('schema_version') !== undefined && !VERSION.test(q('schema_version')!))
      checks.fail('schema_version', `Value ${q('schema_version')} is not a valid version major minor version (use only digits and '.')`);
    checks.done();
    legacy(c);
    const ids = engine
      .ownSchemas('indy')
      .filter((s) =>
        [
          [q('schema_id'), s.schema_id],
          [q('schema_issuer_did'), s.issuer_id],
          [q('schema_name'), s.name],
          [q('schema_version'), s.version],
        ].every(([wanted, value]) => wanted === undefined || wanted === value),
      )
      .map((s) => s.schema_id);
    return c.json({ schema_ids: ids });
  });

  app.post('/schemas', async (c) => {
    const raw = await readBody(c);
    const checks = new BodyChecks(raw).required('schema_name', 'schema_version', 'attributes').strings('schema_name', 'schema_version');
    const fields: Record<string, unknown> = {};
    if (typeof raw.schema_version === 'string' && !VERSION.test(raw.schema_version))
      fields.schema_version = [`Value ${raw.schema_version} is not a valid version major minor version (use only digits and '.')`];
    if (raw.attributes !== undefined && raw.attributes !== null) {
      const attributes = stringListErrors(raw.attributes);
      if (attributes) fields.attributes = attributes;
    }
    if (Object.keys(fields).length) throw validationError('json', fields);
    checks.done();
    legacy(c);
    const name = raw.schema_name as string;
    const version = raw.schema_version as string;
    if (engine.ownSchemas('indy').some((s) => s.name === name && s.version === version)) throw agentError(400, `Schema ${name} ${version} already exists`);
    const attributes = raw.attributes as string[];
    DefinitionsEngine.checkAttributes(attributes);
    // The ledger may hold this id already (written from the anoncreds interface, or before this wallet):
    // ACA-Py returns that schema when the attributes are the same, and refuses otherwise.
    const onLedger = engine.schema(`${store.ledger.ownDid}:2:${name}:${version}`);
    if (onLedger) {
      const [fetched, asked] = [[...onLedger.attributes].sort(), [...attributes].sort()];
      if (fetched.join('\u0000') !== asked.join('\u0000'))
        throw agentError(400, `Schema already exists on ledger, but attributes do not match: ${name}:${version} ${pyRepr(fetched)} != ${pyRepr(asked)}`);
    }
    const schema = onLedger ? engine.recordSent('indy', onLedger) : engine.createSchema('indy', name, version, [...new Set(attributes)]);
    const schemaDef = { ver: '1.0', id: schema.schema_id, name, version, attrNames: schema.attributes, seqNo: engine.seqNoOf(schema) };
    return c.json({ sent: { schema_id: schema.schema_id, schema: schemaDef }, schema_id: schema.schema_id, schema: schemaDef });
  });

  app.post('/credential-definitions', async (c) => {
    const raw = await readBody(c);
    const checks = new BodyChecks(raw).strings('schema_id', 'tag').booleans('support_revocation', 'wait_for_revocation_setup');
    const fields: Record<string, unknown> = {};
    if (typeof raw.schema_id === 'string' && !SCHEMA_ID.test(raw.schema_id)) fields.schema_id = [`Value ${raw.schema_id} is not an indy schema identifier`];
    const sizeError = DefinitionsEngine.checkRegistrySize(raw.revocation_registry_size);
    if (sizeError) fields.revocation_registry_size = [sizeError];
    if (Object.keys(fields).length) throw validationError('json', fields);
    checks.done();
    legacy(c);
    const schemaId = raw.schema_id as string | undefined;
    const tag = (raw.tag as string | undefined) ?? 'default';
    if (store.ledger.credDefs.some((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.schema.schema_id === schemaId && d.tag === tag)) {
      throw agentError(400, `Cred def for ${schemaId} ${tag} already exists`);
    }
    const schema = schemaId ? engine.schema(schemaId) : undefined;
    if (!schema) throw agentError(400, `Ledger default has no schema ${schemaId}`);
    const revocable = raw.support_revocation === true;
    const { credDef, ready } = engine.createCredDef('indy', {
      schema,
      tag,
      revocable,
      registrySize: (raw.revocation_registry_size as number | undefined) ?? REGISTRY_SIZE.default,
    });
    // The handler waits for the two active registries unless told not to (wait_for_active_revocation_registry).
    if (revocable && raw.wait_for_revocation_setup !== false) await ready;
    return c.json({ sent: { credential_definition_id: credDef.cred_def_id }, credential_definition_id: credDef.cred_def_id });
  });

  app.get('/anoncreds/schemas', (c) => {
    anoncreds(c);
    const q = (name: string) => c.req.query(name);
    const ids = engine
      .ownSchemas('anoncreds')
      .filter((s) =>
        [
          [q('schema_issuer_id'), s.issuer_id],
          [q('schema_name'), s.name],
          [q('schema_version'), s.version],
        ].every(([wanted, value]) => wanted === undefined || wanted === value),
      )
      .map((s) => s.schema_id);
    return c.json({ schema_ids: ids });
  });

  app.post('/anoncreds/schema', async (c) => {
    const raw = await readBody(c);
    const schemaBody = raw.schema as Record<string, unknown> | undefined | null;
    if (schemaBody !== undefined && schemaBody !== null) {
      const fields: Record<string, unknown> = {};
      if (typeof schemaBody !== 'object' || Array.isArray(schemaBody)) throw validationError('json', { schema: { _schema: ['Invalid input type.'] } });
      for (const key of ['issuerId', 'name', 'version']) {
        if (schemaBody[key] === undefined) fields[key] = ['Missing data for required field.'];
        else if (typeof schemaBody[key] !== 'string') fields[key] = ['Not a valid string.'];
      }
      if (schemaBody.attrNames === undefined) fields.attrNames = ['Missing data for required field.'];
      else if (stringListErrors(schemaBody.attrNames)) fields.attrNames = stringListErrors(schemaBody.attrNames);
      if (Object.keys(fields).length) throw validationError('json', { schema: fields });
    }
    anoncreds(c);
    if (!schemaBody) throw agentError(400, 'schema object is required');
    const { issuerId, name, version, attrNames } = schemaBody as { issuerId: string; name: string; version: string; attrNames: string[] };
    if (engine.ownSchemas('anoncreds').some((s) => s.name === name && s.version === version && s.issuer_id === issuerId)) {
      throw agentError(400, `Schema with ${name}: ${version} already exists for ${issuerId}.`);
    }
    if (!LEGACY_DID.test(issuerId)) throw agentError(400, `Error creating schema. No registrar available for identifier ${issuerId}.`);
    // anoncreds-rs Schema.create is called outside the handler's try: its refusals are unhandled.
    if (attrNames.length === 0 || new Set(attrNames).size !== attrNames.length) throw agentError(500, 'Internal Server Error');
    const schema = engine.createSchema('anoncreds', name, version, attrNames, issuerId);
    return c.json({
      schema_state: { state: 'finished', schema_id: schema.schema_id, schema: { issuerId, attrNames, name, version } },
      registration_metadata: {},
      schema_metadata: { seqNo: engine.seqNoOf(schema) },
    });
  });

  app.post('/anoncreds/credential-definition', async (c) => {
    const raw = await readBody(c);
    const inner = raw.credential_definition as Record<string, unknown> | undefined | null;
    const fields: Record<string, unknown> = {};
    if (inner !== undefined && inner !== null) {
      const innerErrors: Record<string, unknown> = {};
      for (const key of ['tag', 'schemaId', 'issuerId']) {
        if (inner[key] === undefined) innerErrors[key] = ['Missing data for required field.'];
        else if (typeof inner[key] !== 'string') innerErrors[key] = ['Not a valid string.'];
      }
      if (Object.keys(innerErrors).length) fields.credential_definition = innerErrors;
    }
    const options = (raw.options ?? {}) as Record<string, unknown>;
    const optionErrors: Record<string, unknown> = {};
    if (options.support_revocation !== undefined && typeof options.support_revocation !== 'boolean') optionErrors.support_revocation = ['Not a valid boolean.'];
    if (options.revocation_registry_size !== undefined && !Number.isInteger(options.revocation_registry_size))
      optionErrors.revocation_registry_size = ['Not a valid integer.'];
    if (Object.keys(optionErrors).length) fields.options = optionErrors;
    if (raw.wait_for_revocation_setup !== undefined && typeof raw.wait_for_revocation_setup !== 'boolean')
      fields.wait_for_revocation_setup = ['Not a valid boolean.'];
    if (Object.keys(fields).length) throw validationError('json', fields);
    anoncreds(c);
    if (!inner) throw agentError(400, 'cred_def object is required');
    const { schemaId, issuerId, tag } = inner as { schemaId: string; issuerId: string; tag: string };
    const schema = engine.schema(schemaId);
    // registry.get_schema: an id no registry resolves, then one the ledger does not have.
    if (!LEGACY_DID.test(issuerId) || !SCHEMA_ID.test(schemaId)) throw agentError(400, `No resolver available for identifier ${schemaId}.`);
    if (!schema) throw agentError(400, `Schema not found: ${schemaId}.`);
    const credDefId = engine.credDefId(schema, tag);
    if (store.ledger.credDefs.some((d) => d.cred_def_id === credDefId)) {
      throw agentError(400, `Error creating credential definition. Credential definition with id ${credDefId} already exists in wallet and on ledger..`);
    }
    const revocable = options.support_revocation === true;
    const size = (options.revocation_registry_size as number | undefined) ?? REGISTRY_SIZE.default;
    // The registries are set up by an event handler in the background: the answer does not wait for them.
    const { credDef } = engine.createCredDef('anoncreds', { schema, tag, revocable, registrySize: size });
    return c.json({
      credential_definition_state: {
        state: 'finished',
        credential_definition_id: credDef.cred_def_id,
        credential_definition: { issuerId, schemaId, type: 'CL', tag, value: keyValue(credDef) },
      },
      registration_metadata: {},
      credential_definition_metadata: { seqNo: engine.seqNoOf(schema) + 1 },
    });
  });
  return app;
}
