import { z } from '../zod.js';
import {
  boundOfferBodySchema,
  createOfferBodySchema,
  issueBodySchema,
  problemReportBodySchema,
  sendOfferBodySchema,
  sendProposalBodySchema,
  sendRequestBodySchema,
  storeBodySchema,
} from '../credential-bodies.js';
import { areaRoles } from '../permissions.js';
import {
  credentialForReferentsSchema,
  emptyBodySchema,
  presBoundRequestBodySchema,
  presCreateRequestBodySchema,
  presCredentialsQuerySchema,
  presSendPresentationBodySchema,
  presSendProposalBodySchema,
  presSendRequestBodySchema,
} from '../presentation-bodies.js';
import { credentialListQuerySchema, credExIdParamsSchema, presentationListQuerySchema, presExIdParamsSchema } from '../queries.js';
import { credExDetailSchema, credExListSchema, credExRecordSchema, presExListSchema, presExRecordSchema } from '../records.js';
import { withVerifiedFlag, withVerifiedFlags } from '../record-readers.js';
import {
  anoncredsCredDefParamsSchema,
  anoncredsCredDefResultSchema,
  anoncredsCredDefsQuerySchema,
  anoncredsSchemaParamsSchema,
  anoncredsSchemaResultSchema,
  createdCredDefsQuerySchema,
  credDefIdsSchema,
  indyCredDefParamsSchema,
  indyCredDefResultSchema,
  indySchemaParamsSchema,
  indySchemaResultSchema,
} from '../definitions.js';
import {
  anoncredsCredDefBodySchema,
  anoncredsCredDefResultStateSchema,
  anoncredsRegistriesQuerySchema,
  anoncredsSchemaBodySchema,
  anoncredsSchemaResultStateSchema,
  anoncredsSchemasQuerySchema,
  createdSchemasQuerySchema,
  credDefSendBodySchema,
  credDefSendResultSchema,
  legacyRegistriesQuerySchema,
  publicDidResultSchema,
  registryFixQuerySchema,
  registryFixResultSchema,
  registryIdsSchema,
  registryIssuedSchema,
  registryParamsSchema,
  registryRecordSchema,
  schemaIdsSchema,
  schemaSendBodySchema,
  schemaSendResultSchema,
} from '../definition-writes.js';
import { connectionAgentApi } from './agent-api-connections.js';
import { agentRoute, type AgentRouteEntry } from './route.js';

/** The agent's `{}` answers (removal, problem report): nothing the console reads. */
const agentAckSchema = z.looseObject({});

const credentials = areaRoles.credentials;
const credExRecord = '/issue-credential-2.0/records/:cred_ex_id';
const credExStep = <const B extends z.ZodType, const S extends z.ZodType>(step: string, body: B, response: S) =>
  agentRoute({ method: 'POST', path: `${credExRecord}/${step}` as const, access: credentials, params: credExIdParamsSchema, body, response });

const presentations = areaRoles.presentations;
const presExRecord = '/present-proof-2.0/records/:pres_ex_id';
const presExStep = <const B extends z.ZodType>(step: string, body: B) =>
  agentRoute({
    method: 'POST',
    path: `${presExRecord}/${step}` as const,
    access: presentations,
    params: presExIdParamsSchema,
    body,
    response: presExRecordSchema,
    reshape: withVerifiedFlag,
  });

/**
 * The agent routes the browser may reach, mirrored under `/api/` with the same method, path, query
 * and body. Anything not listed here is 404 and never forwarded.
 */
export const agentApi = {
  credentialExchanges: agentRoute({
    method: 'GET',
    path: '/issue-credential-2.0/records',
    access: credentials,
    query: credentialListQuerySchema,
    response: credExListSchema,
  }),
  credentialExchange: agentRoute({ method: 'GET', path: credExRecord, access: credentials, params: credExIdParamsSchema, response: credExDetailSchema }),
  removeCredentialExchange: agentRoute({ method: 'DELETE', path: credExRecord, access: credentials, params: credExIdParamsSchema, response: agentAckSchema }),
  createOffer: agentRoute({
    method: 'POST',
    path: '/issue-credential-2.0/create-offer',
    access: credentials,
    body: createOfferBodySchema,
    response: credExRecordSchema,
  }),
  sendOffer: agentRoute({
    method: 'POST',
    path: '/issue-credential-2.0/send-offer',
    access: credentials,
    body: sendOfferBodySchema,
    response: credExRecordSchema,
  }),
  sendProposal: agentRoute({
    method: 'POST',
    path: '/issue-credential-2.0/send-proposal',
    access: credentials,
    body: sendProposalBodySchema,
    response: credExRecordSchema,
  }),
  offerOnProposal: credExStep('send-offer', boundOfferBodySchema, credExRecordSchema),
  requestCredential: credExStep('send-request', sendRequestBodySchema, credExRecordSchema),
  issueCredential: credExStep('issue', issueBodySchema, credExDetailSchema),
  storeCredential: credExStep('store', storeBodySchema, credExDetailSchema),
  reportCredentialProblem: credExStep('problem-report', problemReportBodySchema, agentAckSchema),

  presentationExchanges: agentRoute({
    method: 'GET',
    path: '/present-proof-2.0/records',
    access: presentations,
    query: presentationListQuerySchema,
    response: presExListSchema,
    reshape: withVerifiedFlags,
  }),
  presentationExchange: agentRoute({
    method: 'GET',
    path: presExRecord,
    access: presentations,
    params: presExIdParamsSchema,
    response: presExRecordSchema,
    reshape: withVerifiedFlag,
  }),
  credentialsForRequest: agentRoute({
    method: 'GET',
    path: `${presExRecord}/credentials`,
    access: presentations,
    params: presExIdParamsSchema,
    query: presCredentialsQuerySchema,
    response: z.array(credentialForReferentsSchema),
  }),
  removePresentationExchange: agentRoute({
    method: 'DELETE',
    path: presExRecord,
    access: presentations,
    params: presExIdParamsSchema,
    response: agentAckSchema,
  }),
  sendPresentationRequest: agentRoute({
    method: 'POST',
    path: '/present-proof-2.0/send-request',
    access: presentations,
    body: presSendRequestBodySchema,
    response: presExRecordSchema,
    reshape: withVerifiedFlag,
  }),
  createPresentationRequest: agentRoute({
    method: 'POST',
    path: '/present-proof-2.0/create-request',
    access: presentations,
    body: presCreateRequestBodySchema,
    response: presExRecordSchema,
    reshape: withVerifiedFlag,
  }),
  sendPresentationProposal: agentRoute({
    method: 'POST',
    path: '/present-proof-2.0/send-proposal',
    access: presentations,
    body: presSendProposalBodySchema,
    response: presExRecordSchema,
    reshape: withVerifiedFlag,
  }),
  requestOnProposal: presExStep('send-request', presBoundRequestBodySchema),
  sendPresentation: presExStep('send-presentation', presSendPresentationBodySchema),
  verifyPresentation: { ...presExStep('verify-presentation', emptyBodySchema), withoutBody: true },
  reportPresentationProblem: agentRoute({
    method: 'POST',
    path: `${presExRecord}/problem-report`,
    access: presentations,
    params: presExIdParamsSchema,
    body: problemReportBodySchema,
    response: agentAckSchema,
  }),

  ...connectionAgentApi,

  // `created` before `:cred_def_id`, so the router never takes the word for an id.
  createdCredDefs: agentRoute({
    method: 'GET',
    path: '/credential-definitions/created',
    access: areaRoles.definitions,
    query: createdCredDefsQuerySchema,
    response: credDefIdsSchema,
  }),
  credDef: agentRoute({
    method: 'GET',
    path: '/credential-definitions/:cred_def_id',
    access: areaRoles.definitions,
    params: indyCredDefParamsSchema,
    response: indyCredDefResultSchema,
  }),
  // Before `/schemas/:schema_id`, so the router never takes the word for an id.
  createdSchemas: agentRoute({
    method: 'GET',
    path: '/schemas/created',
    access: areaRoles.schemas,
    query: createdSchemasQuerySchema,
    response: schemaIdsSchema,
  }),
  createSchema: agentRoute({ method: 'POST', path: '/schemas', access: areaRoles.schemaWrites, body: schemaSendBodySchema, response: schemaSendResultSchema }),
  createCredDef: agentRoute({
    method: 'POST',
    path: '/credential-definitions',
    access: areaRoles.schemaWrites,
    body: credDefSendBodySchema,
    response: credDefSendResultSchema,
  }),
  anoncredsSchemas: agentRoute({
    method: 'GET',
    path: '/anoncreds/schemas',
    access: areaRoles.schemas,
    query: anoncredsSchemasQuerySchema,
    response: schemaIdsSchema,
  }),
  createAnoncredsSchema: agentRoute({
    method: 'POST',
    path: '/anoncreds/schema',
    access: areaRoles.schemaWrites,
    body: anoncredsSchemaBodySchema,
    response: anoncredsSchemaResultStateSchema,
  }),
  createAnoncredsCredDef: agentRoute({
    method: 'POST',
    path: '/anoncreds/credential-definition',
    access: areaRoles.schemaWrites,
    body: anoncredsCredDefBodySchema,
    response: anoncredsCredDefResultStateSchema,
  }),
  /** The issuer the anoncreds bodies name: the agent's public DID. */
  publicDid: agentRoute({ method: 'GET', path: '/wallet/did/public', access: areaRoles.schemaWrites, response: publicDidResultSchema }),
  revocationRegistries: agentRoute({
    method: 'GET',
    path: '/revocation/registries/created',
    access: areaRoles.schemas,
    query: legacyRegistriesQuerySchema,
    response: registryIdsSchema,
  }),
  /** GET …/registry/{id}/issued: how many credentials the registry was used for (its fullness). */
  registryIssued: agentRoute({
    method: 'GET',
    path: '/revocation/registry/:rev_reg_id/issued',
    access: areaRoles.schemas,
    params: registryParamsSchema,
    response: registryIssuedSchema,
  }),
  anoncredsRegistryIssued: agentRoute({
    method: 'GET',
    path: '/anoncreds/revocation/registry/:rev_reg_id/issued',
    access: areaRoles.schemas,
    params: registryParamsSchema,
    response: registryIssuedSchema,
  }),
  /** Retires the definition's active registries for fresh ones (admins): the agent answers with those it touched. */
  rotateRegistry: agentRoute({
    method: 'POST',
    path: '/revocation/active-registry/:cred_def_id/rotate',
    access: areaRoles.schemaWrites,
    params: indyCredDefParamsSchema,
    body: emptyBodySchema,
    withoutBody: true,
    response: registryIdsSchema,
  }),
  anoncredsRotateRegistry: agentRoute({
    method: 'POST',
    path: '/anoncreds/revocation/active-registry/:cred_def_id/rotate',
    access: areaRoles.schemaWrites,
    params: anoncredsCredDefParamsSchema,
    body: emptyBodySchema,
    withoutBody: true,
    response: registryIdsSchema,
  }),
  /**
   * The registry checked against the ledger (apply_ledger_update=false: a dry run; true: the missing
   * revocations written to the ledger). Admins: it is a write when applied.
   */
  fixRegistryEntryState: agentRoute({
    method: 'PUT',
    path: '/revocation/registry/:rev_reg_id/fix-revocation-entry-state',
    access: areaRoles.schemaWrites,
    params: registryParamsSchema,
    query: registryFixQuerySchema,
    body: emptyBodySchema,
    withoutBody: true,
    response: registryFixResultSchema,
  }),
  anoncredsFixRegistryEntryState: agentRoute({
    method: 'PUT',
    path: '/anoncreds/revocation/registry/:rev_reg_id/fix-revocation-entry-state',
    access: areaRoles.schemaWrites,
    params: registryParamsSchema,
    query: registryFixQuerySchema,
    body: emptyBodySchema,
    withoutBody: true,
    response: registryFixResultSchema,
  }),
  revocationRegistry: agentRoute({
    method: 'GET',
    path: '/revocation/registry/:rev_reg_id',
    access: areaRoles.schemas,
    params: registryParamsSchema,
    response: registryRecordSchema,
  }),
  anoncredsRevocationRegistries: agentRoute({
    method: 'GET',
    path: '/anoncreds/revocation/registries',
    access: areaRoles.schemas,
    query: anoncredsRegistriesQuerySchema,
    response: registryIdsSchema,
  }),
  anoncredsRevocationRegistry: agentRoute({
    method: 'GET',
    path: '/anoncreds/revocation/registry/:rev_reg_id',
    access: areaRoles.schemas,
    params: registryParamsSchema,
    response: registryRecordSchema,
  }),
  schema: agentRoute({
    method: 'GET',
    path: '/schemas/:schema_id',
    access: areaRoles.definitions,
    params: indySchemaParamsSchema,
    response: indySchemaResultSchema,
  }),
  anoncredsCredDefs: agentRoute({
    method: 'GET',
    path: '/anoncreds/credential-definitions',
    access: areaRoles.definitions,
    query: anoncredsCredDefsQuerySchema,
    response: credDefIdsSchema,
  }),
  anoncredsCredDef: agentRoute({
    method: 'GET',
    path: '/anoncreds/credential-definition/:cred_def_id',
    access: areaRoles.definitions,
    params: anoncredsCredDefParamsSchema,
    response: anoncredsCredDefResultSchema,
  }),
  anoncredsSchema: agentRoute({
    method: 'GET',
    path: '/anoncreds/schema/:schema_id',
    access: areaRoles.definitions,
    params: anoncredsSchemaParamsSchema,
    response: anoncredsSchemaResultSchema,
  }),
} as const;

export type AgentApi = typeof agentApi;

/** Every entry of `agentApi`, for the BFF to mount and the tests to walk. */
export const agentRoutes: readonly AgentRouteEntry[] = Object.values(agentApi);
