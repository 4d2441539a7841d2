import { describe, expect, it } from 'vitest';
import {
  boundOfferBodySchema,
  credentialFilterSchema,
  offerFilterSchema,
  createOfferBodySchema,
  problemReportBodySchema,
  sendOfferBodySchema,
  sendProposalBodySchema,
} from './credential-bodies.js';
import { fieldErrorsFrom } from './problem.js';

const CONNECTION = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const INDY_CRED_DEF = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag';
const preview = { '@type': 'issue-credential/2.0/credential-preview', attributes: [{ name: 'name', value: 'Alice' }] };

function pathsOf(result: { success: boolean; error?: { issues: any[] } }): string[] {
  expect(result.success).toBe(false);
  return fieldErrorsFrom(result.error!).map((e) => e.path);
}

describe('credential filter', () => {
  it('takes indy, anoncreds, or both, each field an optional string', () => {
    expect(credentialFilterSchema.safeParse({ indy: { cred_def_id: INDY_CRED_DEF } }).success).toBe(true);
    expect(credentialFilterSchema.safeParse({ anoncreds: { cred_def_id: 'did:indy:x/anoncreds/v0/CLAIM_DEF/1/t', issuer_id: 'did:indy:x' } }).success).toBe(
      true,
    );
    expect(credentialFilterSchema.safeParse({ indy: {}, anoncreds: {} }).success).toBe(true);
    // An issuer's format named with nothing in it would let the agent pick any definition: refused.
    expect(pathsOf(offerFilterSchema.safeParse({ indy: {}, anoncreds: {} }))).toEqual(['indy', 'anoncreds']);
    expect(
      credentialFilterSchema.safeParse({
        indy: {
          cred_def_id: INDY_CRED_DEF,
          schema_id: 'WgWxqztrNooG92RXvxSTWv:2:name:1.0',
          schema_issuer_did: 'WgWxqztrNooG92RXvxSTWv',
          schema_name: 'n',
          schema_version: '1.0',
          issuer_did: 'did:sov:WgWxqztrNooG92RXvxSTWv',
        },
      }).success,
    ).toBe(true);
  });

  it('must hold at least one format', () => {
    expect(pathsOf(credentialFilterSchema.safeParse({}))).toEqual(['']);
    expect(credentialFilterSchema.safeParse({}).error!.issues[0]!.message).toBe('must hold indy and/or anoncreds');
  });

  it('refuses unknown keys, the other format’s field names and non-strings', () => {
    expect(pathsOf(credentialFilterSchema.safeParse({ ld_proof: {} }))).toContain('ld_proof');
    expect(pathsOf(credentialFilterSchema.safeParse({ indy: { issuer_id: 'did:x' } }))).toEqual(['indy.issuer_id']);
    expect(pathsOf(credentialFilterSchema.safeParse({ anoncreds: { issuer_did: 'x' } }))).toEqual(['anoncreds.issuer_did']);
    expect(pathsOf(credentialFilterSchema.safeParse({ indy: { schema_name: 42 } }))).toEqual(['indy.schema_name']);
    expect(pathsOf(credentialFilterSchema.safeParse({ indy: { cred_def_id: 'not-an-id' } }))).toEqual(['indy.cred_def_id']);
    expect(pathsOf(credentialFilterSchema.safeParse({ indy: { cred_def_id: '' } }))).toEqual(['indy.cred_def_id']);
  });
});

describe('offer bodies', () => {
  it('send-offer needs connection_id, filter and a preview of the spec’s type', () => {
    expect(
      sendOfferBodySchema.safeParse({
        connection_id: CONNECTION,
        filter: { indy: { cred_def_id: INDY_CRED_DEF } },
        credential_preview: preview,
        auto_issue: true,
        auto_remove: false,
        comment: 'hi',
      }).success,
    ).toBe(true);
    expect(pathsOf(sendOfferBodySchema.safeParse({ filter: { indy: { cred_def_id: INDY_CRED_DEF } }, credential_preview: preview }))).toEqual([
      'connection_id',
    ]);
    expect(pathsOf(sendOfferBodySchema.safeParse({ connection_id: CONNECTION, credential_preview: preview }))).toEqual(['filter']);
    expect(
      pathsOf(sendOfferBodySchema.safeParse({ connection_id: 'abc', filter: { indy: { cred_def_id: INDY_CRED_DEF } }, credential_preview: preview })),
    ).toEqual(['connection_id']);
    expect(
      pathsOf(
        sendOfferBodySchema.safeParse({
          connection_id: CONNECTION,
          filter: { indy: { cred_def_id: INDY_CRED_DEF } },
          credential_preview: { ...preview, '@type': 'issue-credential/1.0/credential-preview' },
        }),
      ),
    ).toEqual(['credential_preview.@type']);
  });

  it('create needs no connection', () => {
    expect(createOfferBodySchema.safeParse({ filter: { anoncreds: { cred_def_id: 'x' } }, credential_preview: preview }).success).toBe(true);
    expect(
      pathsOf(createOfferBodySchema.safeParse({ filter: { anoncreds: { cred_def_id: 'x' } }, credential_preview: preview, connection_id: CONNECTION })),
    ).toEqual(['connection_id']);
  });

  it('refuses v1.0 field names where v2.0 is expected', () => {
    const v1 = { connection_id: CONNECTION, credential_definition_id: INDY_CRED_DEF, credential_proposal: preview, auto_offer: true };
    expect(pathsOf(sendOfferBodySchema.safeParse(v1)).sort()).toEqual([
      'auto_offer',
      'credential_definition_id',
      'credential_preview',
      'credential_proposal',
      'filter',
    ]);
    expect(
      pathsOf(
        sendOfferBodySchema.safeParse({
          connection_id: CONNECTION,
          filter: { indy: { cred_def_id: INDY_CRED_DEF } },
          credential_preview: preview,
          credential_exchange_id: CONNECTION,
        }),
      ),
    ).toEqual(['credential_exchange_id']);
  });

  it('checks preview attributes: name and value, mime-type optional, names unique', () => {
    const attrs = (attributes: unknown[]) =>
      sendOfferBodySchema.safeParse({
        connection_id: CONNECTION,
        filter: { indy: { cred_def_id: INDY_CRED_DEF } },
        credential_preview: { ...preview, attributes },
      });
    expect(attrs([{ name: 'photo', value: 'iVBOR', 'mime-type': 'image/png' }]).success).toBe(true);
    expect(pathsOf(attrs([{ name: '', value: 'x' }]))).toEqual(['credential_preview.attributes.0.name']);
    expect(pathsOf(attrs([{ name: 'a' }]))).toEqual(['credential_preview.attributes.0.value']);
    // An offer goes out with every value filled in.
    expect(attrs([{ name: 'a', value: '' }]).error!.issues[0]!.message).toBe('Enter a value');
    expect(
      pathsOf(
        attrs([
          { name: 'a', value: 'x' },
          { name: 'b', value: 'y' },
          { name: 'A', value: 'z' },
        ]),
      ),
    ).toEqual(['credential_preview.attributes.2.name']);
    expect(pathsOf(attrs([]))).toEqual(['credential_preview.attributes']);
    expect(pathsOf(attrs([{ name: 'a', value: 'x', mimeType: 'text/plain' }]))).toEqual(['credential_preview.attributes.0.mimeType']);
  });

  it('send-proposal takes an optional preview', () => {
    expect(sendProposalBodySchema.safeParse({ connection_id: CONNECTION, filter: { indy: {} } }).success).toBe(true);
  });

  it('an offer answering a proposal takes filter and counter_preview together or neither', () => {
    expect(boundOfferBodySchema.safeParse({}).success).toBe(true);
    expect(boundOfferBodySchema.safeParse({ filter: { indy: { cred_def_id: INDY_CRED_DEF } }, counter_preview: preview }).success).toBe(true);
    expect(pathsOf(boundOfferBodySchema.safeParse({ filter: { indy: { cred_def_id: INDY_CRED_DEF } } }))).toEqual(['counter_preview']);
  });

  it('a problem report needs a description', () => {
    expect(pathsOf(problemReportBodySchema.safeParse({}))).toEqual(['description']);
    expect(pathsOf(problemReportBodySchema.safeParse({ description: '   ' }))).toEqual(['description']);
  });
});
