import type { CredExDetail, IssuedCredential, PresExRecord, RegisterExchange } from '@credence/shared';

/**
 * One credential exchange in the two shapes the console must read: as ACA-Py 1.6.1 sends it (no
 * `credential_definition_id`/`schema_id`/`credential_id`; the ids in `by_format`, the attributes in the
 * stored messages) and as the admin-interface spec describes it (those fields on the record).
 */
export const SCHEMA_ID = 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2';
export const CRED_DEF_ID = 'WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable';
export const CONNECTION_ID = '4f4a8f5e-1a4b-4e0b-9d7e-0a1b2c3d4e5f';
const attributes = [
  { name: 'name', value: 'Alice Jones' },
  { name: 'student_id', value: 'S1234567' },
];
const preview = { '@type': 'https://didcomm.org/issue-credential/2.0/credential-preview', attributes };
const base64 = (value: unknown) => btoa(JSON.stringify(value));
const at = '2026-11-20T10:00:00.000000Z';
/** What every one of these records says of automation and time. */
const exchangeFlags = { auto_offer: false, auto_issue: false, auto_remove: false, created_at: at, updated_at: at };

/** The holder's view of an offer as ACA-Py keeps it: no proposal, so no `cred_preview` at all. */
export function agentHolderOffer(id: string): CredExDetail {
  return {
    cred_ex_record: {
      cred_ex_id: id,
      connection_id: CONNECTION_ID,
      thread_id: 'a2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e001',
      initiator: 'external',
      role: 'holder',
      state: 'offer-received',
      cred_offer: {
        '@type': 'https://didcomm.org/issue-credential/2.0/offer-credential',
        '@id': 'a2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e001',
        credential_preview: preview,
        formats: [{ attach_id: 'indy', format: 'hlindy/cred-abstract@v2.0' }],
        'offers~attach': [{ '@id': 'indy', 'mime-type': 'application/json', data: { base64: base64({ schema_id: SCHEMA_ID, cred_def_id: CRED_DEF_ID }) } }],
      },
      by_format: { cred_offer: { indy: { schema_id: SCHEMA_ID, cred_def_id: CRED_DEF_ID, nonce: '1234' } } },
      ...exchangeFlags,
      auto_remove_on_failure: false,
      trace: false,
    },
    indy: null,
    anoncreds: null,
    ld_proof: null,
    vc_di: null,
  };
}

/** The issuer's view of a finished exchange as ACA-Py keeps it, with its indy detail record. */
export function agentIssued(id: string): CredExDetail {
  return {
    cred_ex_record: {
      cred_ex_id: id,
      connection_id: CONNECTION_ID,
      thread_id: 'b2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e002',
      initiator: 'self',
      role: 'issuer',
      state: 'done',
      cred_preview: preview,
      cred_proposal: { '@type': 'https://didcomm.org/issue-credential/2.0/propose-credential', '@id': 'p1', credential_preview: preview },
      cred_offer: { '@type': 'https://didcomm.org/issue-credential/2.0/offer-credential', '@id': 'o1', credential_preview: preview },
      by_format: {
        cred_proposal: { indy: { cred_def_id: CRED_DEF_ID } },
        cred_offer: { indy: { schema_id: SCHEMA_ID, cred_def_id: CRED_DEF_ID } },
        cred_request: { indy: { cred_def_id: CRED_DEF_ID, prover_did: 'x' } },
        cred_issue: { indy: { schema_id: SCHEMA_ID, cred_def_id: CRED_DEF_ID, rev_reg_id: `WgWxqztrNooG92RXvxSTWv:4:${CRED_DEF_ID}:CL_ACCUM:0` } },
      },
      ...exchangeFlags,
      trace: false,
    },
    indy: {
      cred_ex_indy_id: 'c1',
      cred_ex_id: id,
      rev_reg_id: `WgWxqztrNooG92RXvxSTWv:4:${CRED_DEF_ID}:CL_ACCUM:0`,
      cred_rev_id: '7',
      created_at: at,
      updated_at: at,
    },
    anoncreds: null,
    ld_proof: null,
    vc_di: null,
  };
}

/** The same exchange as the spec describes the record: the ids and the preview on the record itself. */
export function specRecord(id: string, role: 'issuer' | 'holder' = 'holder'): CredExDetail {
  return {
    cred_ex_record: {
      cred_ex_id: id,
      connection_id: CONNECTION_ID,
      thread_id: 'c2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e003',
      initiator: 'external',
      role,
      state: role === 'holder' ? 'done' : 'offer-sent',
      credential_definition_id: CRED_DEF_ID,
      schema_id: SCHEMA_ID,
      ...(role === 'holder' && { credential_id: 'stored-credential-1' }),
      cred_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes },
      ...exchangeFlags,
    },
    indy: null,
    anoncreds: null,
    ld_proof: null,
    vc_di: null,
  };
}

export const proofRequest = {
  name: 'Proof of enrolment',
  version: '1.0',
  nonce: '1234567890',
  requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: CRED_DEF_ID }] } },
  requested_predicates: {},
};

/** A verifier's exchange as ACA-Py sends it (`pres_request` is the whole message), `verified` as the BFF hands it on. */
export function agentPresentation(id: string): PresExRecord {
  return {
    pres_ex_id: id,
    connection_id: CONNECTION_ID,
    thread_id: 'd2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e004',
    initiator: 'self',
    role: 'verifier',
    state: 'done',
    pres_request: {
      '@type': 'https://didcomm.org/present-proof/2.0/request-presentation',
      '@id': 'd2f6a2d0-3b1c-4c54-9f1e-9bb0f1c6e004',
      will_confirm: true,
      formats: [{ attach_id: 'indy', format: 'hlindy/proof-req@v2.0' }],
      'request_presentations~attach': [{ '@id': 'indy', 'mime-type': 'application/json', data: { base64: base64(proofRequest) } }],
    },
    by_format: {
      pres_request: { indy: proofRequest },
      pres: {
        indy: {
          requested_proof: { revealed_attrs: { '0_name_uuid': { sub_proof_index: 0, raw: 'Alice Jones', encoded: '1' } } },
          identifiers: [{ schema_id: SCHEMA_ID, cred_def_id: CRED_DEF_ID }],
        },
      },
    },
    verified: true,
    verified_msgs: ['RMV_GLB_NRI'],
    auto_present: false,
    auto_verify: false,
    auto_remove: false,
    created_at: at,
    updated_at: at,
  };
}

/** The spec's presentation record: `verified` a boolean, the request only in `by_format`. */
export function specPresentation(id: string): PresExRecord {
  const record = agentPresentation(id);
  delete (record as Record<string, unknown>).pres_request;
  return { ...record, verified: true, verified_msgs: [] };
}

/** An exchange as Credence's register answers it (`GET /api/register/exchanges`). */
export function registerRow(id: string, changes: Partial<RegisterExchange> = {}): RegisterExchange {
  return {
    exchange_id: id,
    kind: 'credential',
    role: 'issuer',
    state: 'offer-sent',
    connection_id: CONNECTION_ID,
    connection_label: 'Alice Jones',
    thread_id: `thread-${id}`,
    cred_def_id: CRED_DEF_ID,
    schema_id: SCHEMA_ID,
    format: 'indy',
    attributes: [
      { name: 'name', value: 'Alice Jones' },
      { name: 'student_id', value: 'S6332523' },
    ],
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:05:00Z',
    removed_from_agent: false,
    error_msg: null,
    requested: null,
    predicates_proved: [],
    verified: null,
    revocation_status: null,
    ...changes,
  };
}

/** A credential as Credence's register answers it (`GET /api/register/credentials`): issued to Bob Smith, revocable. */
export function issuedCredential(changes: Partial<IssuedCredential> = {}): IssuedCredential {
  return {
    cred_ex_id: '11111111-1111-4111-8111-111111111111',
    connection_id: CONNECTION_ID,
    holder_label: 'Bob Smith',
    cred_def_id: CRED_DEF_ID,
    schema_id: SCHEMA_ID,
    filter_kind: 'indy',
    attributes: [
      { name: 'name', value: 'Bob Smith' },
      { name: 'student_id', value: 'S6332523' },
    ],
    issued_at: '2026-11-02T10:00:00.000Z',
    rev_reg_id: 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable:CL_ACCUM:0',
    cred_rev_id: '7',
    status: 'issued',
    revoked_at: null,
    revoked_by: null,
    notified: null,
    published_at: null,
    removed_from_agent: false,
    ...changes,
  };
}
