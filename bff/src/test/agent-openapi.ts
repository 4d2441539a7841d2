import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Document } from 'openapi-backend';

/** ACA-Py 1.6.1's published OpenAPI document, beside the repository (`../shared`, present in CI). */
export const AGENT_OPENAPI_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/acapy/openapi.json');

type Json = Record<string, any>;

/**
 * ACA-Py's OpenAPI document is generated from its marshmallow schemas and is wrong in a few places
 * where the code sends something else. Each correction names the source line (acapy_agent @ 1.6.1rc0)
 * that proves it; nothing else is loosened.
 */
function correct(doc: Json): void {
  const schemas = doc.components.schemas as Json;
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      // The generated document has no operationIds; the validator keys its validators by them.
      operation.operationId = `${method.toUpperCase()} ${path}`;
      // aiohttp-apispec writes `*/*` for bodies that webargs reads from the JSON location
      // (`@request_schema` → `location="json"`); the handlers all call `await request.json()`.
      const body = operation.requestBody?.content?.['*/*'];
      if (body) operation.requestBody.content = { 'application/json': body };
      // Only 200 is documented. Every other status is an aiohttp HTTPException, whose body is the
      // text/plain "<status>: <reason>" (admin/server.py: ready_middleware and debug_middleware
      // re-raise web.HTTPException; aiohttp renders its text).
      operation.responses.default ??= { description: 'error', content: { 'text/plain': { schema: { type: 'string' } } } };
    }
  }

  // protocols/issue_credential/v2_0/routes.py:631 `result[ident] = detail_record.serialize() if detail_record else None`:
  // every format key of a Detail is present, null when the exchange has no record of that format.
  for (const key of ['anoncreds', 'indy', 'ld_proof', 'vc_di']) {
    const prop = schemas.V20CredExRecordDetail.properties[key];
    schemas.V20CredExRecordDetail.properties[key] = { anyOf: [prop, { type: 'null' }] };
  }

  // protocols/issue_credential/v2_0/formats/indy/handler.py:335 `cred_request_metadata=cred_req_result["metadata"]`:
  // the holder's request metadata (anoncreds/holder.py create_credential_request) holds strings
  // (`nonce`, `master_secret_name`/`link_secret_name`) beside objects; the schema says objects only.
  for (const name of ['V20CredExRecordIndy', 'V20CredExRecordAnonCreds']) {
    schemas[name].properties.cred_request_metadata.additionalProperties = {};
  }

  // askar/… holder `get_credentials_for_presentation_request_by_referent` builds each item as
  // `{"cred_info": …, "interval": non_revoked, "presentation_referents": …}` where non_revoked is the
  // request's interval or None; the schema says object only.
  const precis = schemas.IndyCredPrecis?.properties;
  if (precis?.interval) precis.interval = { anyOf: [precis.interval, { type: 'null' }] };

  // messaging/credential_definitions/routes.py:472 returns the ledger's credential definition as the
  // ledger wrote it: `"type": "CL"` (indy/models/cred_def.py:115 documents the string as fields.Constant,
  // rendered as an object) and `value.primary.r` keyed by every attribute beside `master_secret`
  // (cred_def.py:25 documents three fixed keys).
  schemas.CredentialDefinition.properties.type = { type: 'string' };
  schemas.Generated.additionalProperties = { type: 'string', pattern: '^[0-9]*$' };
  // anoncreds/models/credential_definition.py:68 `r = fields.Dict()`: any values (the key's decimal
  // strings, as in the legacy definition); apispec renders an untyped Dict as objects of objects.
  schemas.CredDefValuePrimarySchemaAnonCreds.properties.r.additionalProperties = {};

  // anoncreds/default/legacy_indy/registry.py:196-197 get_schema: `resolution_metadata={"ledger_id": ledger_id}`
  // (None without multiple ledgers) and `schema_metadata={"seqNo": schema["seqNo"]}` (a number);
  // apispec renders the untyped fields.Dict() as objects of objects.
  schemas.GetSchemaResult.properties.resolution_metadata.additionalProperties = {};
  schemas.GetSchemaResult.properties.schema_metadata.additionalProperties = {};

  // anoncreds/default/legacy_indy/registry.py register_schema `schema_metadata={"seqNo": result}` and
  // register_credential_definition `credential_definition_metadata={"seqNo": result}`: the ledger's number;
  // apispec renders the untyped fields.Dict() as objects of objects.
  schemas.SchemaResult.properties.schema_metadata.additionalProperties = {};
  schemas.CredDefResult.properties.credential_definition_metadata.additionalProperties = {};
  // wallet/routes.py format_did_info `"metadata": info.metadata`: the DID's stored metadata as it is
  // (`{"posted": true, "endpoint": "https://…"}` for a public DID); apispec renders fields.Dict() as objects of objects.
  schemas.DID.properties.metadata.additionalProperties = {};

  // revocation/routes.py:961 and anoncreds/routes/revocation/registry/routes.py:384 get_rev_reg_issued:
  // `return web.json_response(results)`, the list of IssuerCredRevRecord itself, not the `{results}`
  // object the @response_schema (CredRevRecordDetailsResultSchema) names.
  for (const [path, name] of [
    ['/revocation/registry/{rev_reg_id}/issued/details', 'IssuerCredRevRecord'],
    ['/anoncreds/revocation/registry/{rev_reg_id}/issued/details', 'IssuerCredRevRecordSchemaAnonCreds'],
  ] as const) {
    doc.paths[path].get.responses['200'].content['application/json'].schema = { type: 'array', items: { $ref: `#/components/schemas/${name}` } };
  }

  // revocation/routes.py update_rev_reg_revoked_state answers the ledger's delta `{"ver": "1.0", "value": {…}}`
  // (ledger/indy_vdr.py get_revoc_reg_delta), the indy-credx delta's to_json() and the ledger's write result
  // (`ver`, `txn`, `txnMetadata`): strings beside objects; apispec renders the untyped fields.Dict() as objects of objects.
  for (const name of ['RevRegWalletUpdatedResult', 'RevRegWalletUpdatedResultSchemaAnonCreds']) {
    for (const key of ['rev_reg_delta', 'accum_calculated', 'accum_fixed']) schemas[name].properties[key].additionalProperties = {};
  }

  // admin/routes.py:129-156 config_handler: the values are the agent's settings as they are
  // (strings, numbers, booleans, lists, None), not objects.
  schemas.AdminConfig.properties.config.additionalProperties = {};

  // wallet/models/wallet_record.py:136 `settings = fields.Dict()` holds the wallet's settings as stored
  // (`"wallet.type": "askar"`, `"wallet.webhook_urls": [...]`, `"dbstore.key": None`), and
  // multitenant/admin/routes.py get_extra_settings_dict_per_tenant takes `extra_settings` values as given
  // (`{"ACAPY_AUTO_VERIFY_PRESENTATION": true}`); apispec renders the untyped fields.Dict() as objects of objects.
  for (const name of ['WalletRecord', 'CreateWalletResponse']) schemas[name].properties.settings.additionalProperties = {};
  for (const name of ['CreateWalletRequest', 'UpdateWalletRequest']) schemas[name].properties.extra_settings.additionalProperties = {};
}

let cached: Document | undefined;

/** The corrected document, or undefined when it is absent (then CI fails and a laptop skips). */
export function agentOpenApi(): Document | undefined {
  if (cached) return cached;
  if (!existsSync(AGENT_OPENAPI_PATH)) {
    if (process.env.CI === 'true') throw new Error(`ACA-Py's OpenAPI document is missing at ${AGENT_OPENAPI_PATH}; CI must have it.`);
    return undefined;
  }
  const doc = JSON.parse(readFileSync(AGENT_OPENAPI_PATH, 'utf8')) as Json;
  correct(doc);
  cached = doc as Document;
  return cached;
}

/** A validator for the agent's admin API: requests and answers by the corrected document. */
export async function agentApiValidator(document: Document): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: document,
    strict: false,
    // Quick: validators are compiled on first use, not all 179 paths at start (20 s).
    quick: true,
    validate: true,
    // ACA-Py's patterns are Python `re` patterns (`\#`, bare braces): compiled without the u flag, as
    // Python reads them; with it, Ajv would refuse them and silently skip whole bodies.
    ajvOpts: { unicodeRegExp: false, strict: false, allErrors: true },
    customizeAjv: (ajv) => {
      // marshmallow's fields.Url; Python's validator is more lenient than any JSON Schema format.
      ajv.addFormat('url', true);
      return ajv;
    },
  });
  await api.init();
  return api;
}
