import type { AgentRouteEntry } from '@credence/shared';

/** An id of the right shape that names nothing. */
export const UUID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
/** A well-formed cred def id for restrictions and registry ids, where any will do. */
export const ANY_CRED_DEF = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag';
export const proofRequest = {
  indy: {
    name: 'Proof of age',
    version: '1.0',
    requested_attributes: { a1: { name: 'name', restrictions: [{ cred_def_id: ANY_CRED_DEF }] } },
    requested_predicates: { p1: { name: 'age', p_type: '>=', p_value: 18 } },
    non_revoked: { from: 0, to: 1_800_000_000 },
  },
};

/** A valid request for each allow-listed agent route, from which the generated ones are mutated. */
export function samplesFor(ids: SampleIds): Record<string, { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }> {
  const preview = { '@type': 'issue-credential/2.0/credential-preview', attributes: ids.attributes.map((name) => ({ name, value: `${name} value` })) };
  const cred = { cred_ex_id: ids.credential };
  const pres = { pres_ex_id: ids.presentation };
  return {
    'GET /issue-credential-2.0/records': {
      query: { state: 'done', role: 'issuer', limit: '10', offset: '0', descending: 'true', connection_id: ids.connection, thread_id: 't', order_by: 'id' },
    },
    'GET /issue-credential-2.0/records/:cred_ex_id': { params: cred },
    'DELETE /issue-credential-2.0/records/:cred_ex_id': { params: cred },
    'POST /issue-credential-2.0/create-offer': {
      body: { filter: { indy: { cred_def_id: ids.credDef } }, credential_preview: preview, comment: 'c', auto_remove: false },
    },
    'POST /issue-credential-2.0/send-offer': {
      body: { connection_id: ids.connection, filter: { indy: { cred_def_id: ids.credDef } }, credential_preview: preview, auto_issue: true },
    },
    'POST /issue-credential-2.0/send-proposal': {
      body: { connection_id: ids.connection, filter: { anoncreds: { cred_def_id: 'x' } }, credential_preview: preview },
    },
    'POST /issue-credential-2.0/records/:cred_ex_id/send-offer': {
      params: cred,
      body: { filter: { indy: { cred_def_id: ids.credDef } }, counter_preview: preview },
    },
    'POST /issue-credential-2.0/records/:cred_ex_id/send-request': { params: cred, body: { holder_did: 'did:sov:WgWxqztrNooG92RXvxSTWv', auto_remove: false } },
    'POST /issue-credential-2.0/records/:cred_ex_id/issue': { params: cred, body: { comment: 'here you are' } },
    'POST /issue-credential-2.0/records/:cred_ex_id/store': { params: cred, body: { credential_id: 'c-1' } },
    'POST /issue-credential-2.0/records/:cred_ex_id/problem-report': { params: cred, body: { description: 'wrong person' } },
    'GET /present-proof-2.0/records': { query: { state: 'done', role: 'verifier', limit: '5', descending: 'false' } },
    'GET /present-proof-2.0/records/:pres_ex_id': { params: pres },
    'GET /present-proof-2.0/records/:pres_ex_id/credentials': { params: pres, query: { referent: 'a1', limit: '10', offset: '0' } },
    'DELETE /present-proof-2.0/records/:pres_ex_id': { params: pres },
    'POST /present-proof-2.0/send-request': { body: { connection_id: ids.connection, presentation_request: proofRequest, auto_verify: true, comment: null } },
    'POST /present-proof-2.0/create-request': { body: { presentation_request: proofRequest } },
    'POST /present-proof-2.0/send-proposal': { body: { connection_id: ids.connection, presentation_proposal: proofRequest } },
    'POST /present-proof-2.0/records/:pres_ex_id/send-request': { params: pres, body: { auto_verify: true } },
    'POST /present-proof-2.0/records/:pres_ex_id/send-presentation': {
      params: pres,
      body: {
        indy: {
          requested_attributes: { a1: { cred_id: 'c-1', revealed: true } },
          requested_predicates: { p1: { cred_id: 'c-1' } },
          self_attested_attributes: { s: 'x' },
        },
      },
    },
    'POST /present-proof-2.0/records/:pres_ex_id/verify-presentation': { params: pres, body: {} },
    'POST /present-proof-2.0/records/:pres_ex_id/problem-report': { params: pres, body: { description: 'no' } },
    'GET /connections': { query: { state: 'active', limit: '3' } },
    'GET /connections/:conn_id': { params: { conn_id: ids.connection } },
    // Removing a connection that does not exist: the fuzzed requests must not remove the one the others use.
    'DELETE /connections/:conn_id': { params: { conn_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } },
    'GET /out-of-band/records': { query: { connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', limit: '5' } },
    'POST /out-of-band/create-invitation': {
      query: { multi_use: 'false' },
      body: { handshake_protocols: ['https://didcomm.org/didexchange/1.1'], alias: 'Fuzz', goal: 'To connect' },
    },
    'POST /out-of-band/receive-invitation': {
      query: { alias: 'Partner', use_existing_connection: 'false' },
      body: {
        '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
        '@id': '6b1f3d2e-1a4b-4c5d-8e9f-0a1b2c3d4e5f',
        label: 'Partner',
        handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
        services: [
          {
            id: '#inline',
            type: 'did-communication',
            recipientKeys: ['did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH'],
            serviceEndpoint: 'https://partner.example/didcomm',
          },
        ],
      },
    },
    'GET /credential-definitions/created': { query: { schema_name: 'Student ID', schema_version: '1.2' } },
    'GET /credential-definitions/:cred_def_id': { params: { cred_def_id: ids.credDef } },
    'GET /schemas/:schema_id': { params: { schema_id: `${ids.credDef.split(':')[0]}:2:Student ID:1.2` } },
    'GET /anoncreds/credential-definitions': { query: { schema_name: 'Student ID' } },
    'GET /anoncreds/credential-definition/:cred_def_id': { params: { cred_def_id: ids.credDef } },
    'GET /anoncreds/schema/:schema_id': { params: { schema_id: `${ids.credDef.split(':')[0]}:2:Student ID:1.2` } },
    'GET /schemas/created': { query: { schema_name: 'Student ID' } },
    'POST /schemas': { body: { schema_name: 'Fuzz card', schema_version: '1.0', attributes: ['name', 'level'] } },
    'POST /credential-definitions': {
      body: {
        schema_id: `${ids.credDef.split(':')[0]}:2:Student ID:1.2`,
        tag: 'fuzz',
        support_revocation: false,
        wait_for_revocation_setup: false,
      },
    },
    'GET /anoncreds/schemas': { query: { schema_name: 'Student ID' } },
    'POST /anoncreds/schema': { body: { schema: { name: 'Fuzz card', version: '1.0', attrNames: ['name'], issuerId: ids.credDef.split(':')[0]! } } },
    'POST /anoncreds/credential-definition': {
      body: {
        credential_definition: { schemaId: `${ids.credDef.split(':')[0]}:2:Student ID:1.2`, tag: 'fuzz', issuerId: ids.credDef.split(':')[0]! },
        options: { support_revocation: false },
        wait_for_revocation_setup: false,
      },
    },
    'GET /wallet/did/public': {},
    'GET /revocation/registries/created': { query: { state: 'active' } },
    'GET /revocation/registry/:rev_reg_id': { params: { rev_reg_id: `${ids.credDef.split(':')[0]}:4:${ids.credDef}:CL_ACCUM:1` } },
    'GET /anoncreds/revocation/registries': { query: { state: 'finished' } },
    'GET /anoncreds/revocation/registry/:rev_reg_id': { params: { rev_reg_id: `${ids.credDef.split(':')[0]}:4:${ids.credDef}:CL_ACCUM:1` } },
    'GET /revocation/registry/:rev_reg_id/issued': { params: { rev_reg_id: `${ids.credDef.split(':')[0]}:4:${ids.credDef}:CL_ACCUM:1` } },
    'GET /anoncreds/revocation/registry/:rev_reg_id/issued': { params: { rev_reg_id: `${ids.credDef.split(':')[0]}:4:${ids.credDef}:CL_ACCUM:1` } },
    'POST /revocation/active-registry/:cred_def_id/rotate': { params: { cred_def_id: ids.credDef }, body: {} },
    'POST /anoncreds/revocation/active-registry/:cred_def_id/rotate': { params: { cred_def_id: ids.credDef }, body: {} },
    'PUT /revocation/registry/:rev_reg_id/fix-revocation-entry-state': {
      params: { rev_reg_id: `${ids.credDef.split(':')[0]}:4:${ids.credDef}:CL_ACCUM:1` },
      query: { apply_ledger_update: 'false' },
      body: {},
    },
    'PUT /anoncreds/revocation/registry/:rev_reg_id/fix-revocation-entry-state': {
      params: { rev_reg_id: `${ids.credDef.split(':')[0]}:4:${ids.credDef}:CL_ACCUM:1` },
      query: { apply_ledger_update: 'false' },
      body: {},
    },
  };
}

export interface SampleIds {
  connection: string;
  credential: string;
  presentation: string;
  credDef: string;
  attributes: string[];
}

/** The BFF path of an agent route with its params filled in. */
export function pathWith(route: AgentRouteEntry, params: Record<string, string>): string {
  return `/api${route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? '')}`;
}
