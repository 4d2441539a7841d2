/**
 * The access matrix's table (access-matrix.test.ts): every route of the BFF × every kind of caller, and the
 * answer each gets. A route mounted without a row here fails that test, so nobody adds a door without deciding
 * who may open it.
 */
export type Caller = 'anonymous' | 'issuer' | 'verifier' | 'admin' | 'agent';
export const callers: readonly Caller[] = ['anonymous', 'issuer', 'verifier', 'admin', 'agent'];
type Expected = Record<Caller, number>;

export const UNKNOWN = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
/** Everyone logged in may; nobody else. */
const anyUser = (ok: number): Expected => ({ anonymous: 401, issuer: ok, verifier: ok, admin: ok, agent: 401 });
const only = (roles: readonly Caller[], ok: number): Expected => ({
  anonymous: 401,
  agent: 401,
  issuer: roles.includes('issuer') ? ok : 403,
  verifier: roles.includes('verifier') ? ok : 403,
  admin: roles.includes('admin') ? ok : 403,
});
const credentials = (ok: number) => only(['issuer', 'admin'], ok);
const presentations = (ok: number) => only(['verifier', 'admin'], ok);
const adminOnly = (ok: number) => only(['admin'], ok);
/** The operator's: refused to every caller here (this table's callers are a console's staff, the agent and nobody). */
const operatorOnly = only([], 0);
/** Webhooks: only the agent, with the webhook secret; a browser session is no key. */
const agentOnly = (ok: number): Expected => ({ anonymous: 401, issuer: 401, verifier: 401, admin: 401, agent: ok });
const everyone = (status: number): Expected => ({ anonymous: status, issuer: status, verifier: status, admin: status, agent: status });

export interface Row {
  /** As Hono lists it: method and pattern. */
  route: string;
  /** The concrete request made, when the pattern has parameters or needs a body. */
  path?: string;
  body?: unknown;
  expected: Expected;
}

/**
 * Allowed callers get the answer of a real call: 200 for reads, 400 for a write with an empty body,
 * 404 from the agent for a record that does not exist (proving the call was let through).
 */
export const matrix: Row[] = [
  { route: 'GET /api/health', expected: everyone(200) },
  { route: 'GET /api/health/live', expected: everyone(200) },
  { route: 'GET /api/health/ready', expected: everyone(200) },
  { route: 'POST /api/session', body: {}, expected: everyone(400) },
  { route: 'GET /api/session', expected: anyUser(200) },
  // How to sign in is asked before anyone is; the provider routes answer 404 where none is configured.
  { route: 'GET /api/session/methods', expected: everyone(200) },
  { route: 'GET /api/session/oidc/page.css', expected: everyone(200) },
  { route: 'GET /api/session/oidc/login', expected: everyone(404) },
  { route: 'GET /api/session/oidc/callback', expected: everyone(404) },
  { route: 'GET /api/config', expected: anyUser(200) },
  { route: 'GET /api/events', expected: anyUser(200) },
  { route: 'POST /api/revocation/revoke', body: {}, expected: adminOnly(400) },
  { route: 'GET /api/revocation/pending', expected: adminOnly(200) },
  { route: 'POST /api/revocation/bulk-revoke/preview', body: { status: 'issued' }, expected: adminOnly(400) },
  { route: 'POST /api/revocation/bulk-revoke', body: { sort: 'x' }, expected: adminOnly(400) },
  { route: 'POST /api/revocation/publish', body: { rev_reg_ids: [] }, expected: adminOnly(400) },
  { route: 'GET /api/wallet', expected: adminOnly(200) },
  { route: 'POST /api/wallet/upgrade', body: {}, expected: adminOnly(400) },
  { route: 'GET /api/audit', expected: adminOnly(200) },
  { route: 'GET /api/audit/export.csv', expected: adminOnly(200) },
  { route: 'GET /api/audit/verify', expected: adminOnly(200) },
  { route: 'GET /api/audit/export', expected: adminOnly(200) },
  // Retention and erasure (decision 039): a tenant's admin only; anonymous 401, issuer and verifier 403.
  { route: 'GET /api/privacy', expected: adminOnly(200) },
  { route: 'PUT /api/privacy/retention', body: {}, expected: adminOnly(400) },
  { route: 'POST /api/erasures', body: {}, expected: adminOnly(400) },
  // The operator's tenants (a multitenant console's operator only: operator-tenants tests it there); no staff role opens them.
  { route: 'GET /api/tenants', expected: operatorOnly },
  { route: 'POST /api/tenants', body: {}, expected: operatorOnly },
  { route: 'POST /api/tenants/:walletId/adopt', path: `/api/tenants/${UNKNOWN}/adopt`, body: {}, expected: operatorOnly },
  { route: 'POST /api/tenants/:walletId/remove', path: `/api/tenants/${UNKNOWN}/remove`, body: {}, expected: operatorOnly },
  { route: 'GET /api/tenants/:walletId/export/:records', path: `/api/tenants/${UNKNOWN}/export/audit`, expected: operatorOnly },
  // The register: the exchange list's roles follow its kind (credentials: issuer; presentations: verifier).
  { route: 'GET /api/register/exchanges', path: '/api/register/exchanges?kind=presentation', expected: presentations(200) },
  { route: 'GET /api/register/exchanges/export.csv', path: '/api/register/exchanges/export.csv?kind=credential', expected: credentials(200) },
  { route: 'GET /api/register/credentials', expected: credentials(200) },
  { route: 'GET /api/register/credentials/export.csv', expected: credentials(200) },
  { route: 'POST /api/register/backfill', body: {}, expected: adminOnly(200) },
  { route: 'GET /api/issue-credential-2.0/records', expected: credentials(200) },
  { route: 'GET /api/issue-credential-2.0/records/:cred_ex_id', path: `/api/issue-credential-2.0/records/${UNKNOWN}`, expected: credentials(404) },
  { route: 'DELETE /api/issue-credential-2.0/records/:cred_ex_id', path: `/api/issue-credential-2.0/records/${UNKNOWN}`, expected: credentials(404) },
  { route: 'POST /api/issue-credential-2.0/create-offer', body: {}, expected: credentials(400) },
  { route: 'POST /api/issue-credential-2.0/send-offer', body: {}, expected: credentials(400) },
  { route: 'POST /api/issue-credential-2.0/send-proposal', body: {}, expected: credentials(400) },
  {
    route: 'POST /api/issue-credential-2.0/records/:cred_ex_id/send-offer',
    path: `/api/issue-credential-2.0/records/${UNKNOWN}/send-offer`,
    body: {},
    expected: credentials(404),
  },
  {
    route: 'POST /api/issue-credential-2.0/records/:cred_ex_id/send-request',
    path: `/api/issue-credential-2.0/records/${UNKNOWN}/send-request`,
    body: {},
    expected: credentials(404),
  },
  {
    route: 'POST /api/issue-credential-2.0/records/:cred_ex_id/issue',
    path: `/api/issue-credential-2.0/records/${UNKNOWN}/issue`,
    body: {},
    expected: credentials(404),
  },
  {
    route: 'POST /api/issue-credential-2.0/records/:cred_ex_id/store',
    path: `/api/issue-credential-2.0/records/${UNKNOWN}/store`,
    body: {},
    expected: credentials(404),
  },
  {
    route: 'POST /api/issue-credential-2.0/records/:cred_ex_id/problem-report',
    path: `/api/issue-credential-2.0/records/${UNKNOWN}/problem-report`,
    body: {},
    expected: credentials(400),
  },
  { route: 'GET /api/present-proof-2.0/records', expected: presentations(200) },
  { route: 'GET /api/present-proof-2.0/records/:pres_ex_id', path: `/api/present-proof-2.0/records/${UNKNOWN}`, expected: presentations(404) },
  {
    route: 'GET /api/present-proof-2.0/records/:pres_ex_id/credentials',
    path: `/api/present-proof-2.0/records/${UNKNOWN}/credentials`,
    expected: presentations(404),
  },
  { route: 'DELETE /api/present-proof-2.0/records/:pres_ex_id', path: `/api/present-proof-2.0/records/${UNKNOWN}`, expected: presentations(404) },
  { route: 'POST /api/present-proof-2.0/send-request', body: {}, expected: presentations(400) },
  { route: 'POST /api/present-proof-2.0/create-request', body: {}, expected: presentations(400) },
  { route: 'POST /api/present-proof-2.0/send-proposal', body: {}, expected: presentations(400) },
  {
    route: 'POST /api/present-proof-2.0/records/:pres_ex_id/send-request',
    path: `/api/present-proof-2.0/records/${UNKNOWN}/send-request`,
    body: {},
    expected: presentations(404),
  },
  {
    route: 'POST /api/present-proof-2.0/records/:pres_ex_id/send-presentation',
    path: `/api/present-proof-2.0/records/${UNKNOWN}/send-presentation`,
    body: {},
    expected: presentations(400),
  },
  {
    route: 'POST /api/present-proof-2.0/records/:pres_ex_id/verify-presentation',
    path: `/api/present-proof-2.0/records/${UNKNOWN}/verify-presentation`,
    body: {},
    expected: presentations(404),
  },
  {
    route: 'POST /api/present-proof-2.0/records/:pres_ex_id/problem-report',
    path: `/api/present-proof-2.0/records/${UNKNOWN}/problem-report`,
    body: {},
    expected: presentations(400),
  },
  { route: 'GET /api/connections', expected: anyUser(200) },
  { route: 'GET /api/connections/:conn_id', path: `/api/connections/${UNKNOWN}`, expected: anyUser(404) },
  { route: 'DELETE /api/connections/:conn_id', path: `/api/connections/${UNKNOWN}`, expected: anyUser(404) },
  { route: 'POST /api/out-of-band/create-invitation', body: { attachments: 'none' }, expected: anyUser(400) },
  { route: 'POST /api/out-of-band/receive-invitation', body: {}, expected: anyUser(400) },
  { route: 'GET /api/out-of-band/records', path: '/api/out-of-band/records?connection_id=not-a-uuid', expected: anyUser(400) },
  { route: 'GET /api/attribute-labels', expected: anyUser(200) },
  { route: 'PUT /api/attribute-labels', body: {}, expected: adminOnly(400) },
  // Requests for a second person's approval (decision 040): admins decide, issuers see and withdraw their own; the kind's role is checked per request.
  { route: 'GET /api/approvals', expected: credentials(200) },
  { route: 'POST /api/approvals/:id/approve', path: `/api/approvals/${UNKNOWN}/approve`, body: {}, expected: credentials(404) },
  { route: 'POST /api/approvals/:id/decline', path: `/api/approvals/${UNKNOWN}/decline`, body: {}, expected: credentials(400) },
  { route: 'POST /api/approvals/:id/withdraw', path: `/api/approvals/${UNKNOWN}/withdraw`, body: {}, expected: credentials(404) },
  // Each user's own language: every signed-in user (the operator too, see preferences.test.ts), nobody else.
  { route: 'GET /api/preferences', expected: anyUser(200) },
  { route: 'PUT /api/preferences', body: {}, expected: anyUser(400) },
  // Definitions: every role reads them (offers, proof-request restrictions); a malformed id is the BFF's 400.
  { route: 'GET /api/credential-definitions/created', path: '/api/credential-definitions/created?schema_version=x', expected: anyUser(400) },
  { route: 'GET /api/credential-definitions/:cred_def_id', path: '/api/credential-definitions/not-an-id', expected: anyUser(400) },
  { route: 'GET /api/schemas/:schema_id', path: '/api/schemas/not-an-id', expected: anyUser(400) },
  { route: 'GET /api/anoncreds/credential-definitions', path: '/api/anoncreds/credential-definitions?typo=1', expected: anyUser(400) },
  { route: 'GET /api/anoncreds/credential-definition/:cred_def_id', path: `/api/anoncreds/credential-definition/${'x'.repeat(501)}`, expected: anyUser(400) },
  { route: 'GET /api/anoncreds/schema/:schema_id', path: `/api/anoncreds/schema/${'x'.repeat(501)}`, expected: anyUser(400) },
  // Writing schemas and definitions: admins only; issuers read them and their registries, verifiers not.
  { route: 'GET /api/schemas/created', path: '/api/schemas/created?schema_version=x', expected: credentials(400) },
  { route: 'POST /api/schemas', body: {}, expected: adminOnly(400) },
  { route: 'POST /api/credential-definitions', body: {}, expected: adminOnly(400) },
  { route: 'GET /api/anoncreds/schemas', path: '/api/anoncreds/schemas?typo=1', expected: credentials(400) },
  { route: 'POST /api/anoncreds/schema', body: {}, expected: adminOnly(400) },
  { route: 'POST /api/anoncreds/credential-definition', body: {}, expected: adminOnly(400) },
  { route: 'GET /api/wallet/did/public', expected: adminOnly(200) },
  { route: 'GET /api/revocation/registries/created', path: '/api/revocation/registries/created?state=x', expected: credentials(400) },
  { route: 'GET /api/revocation/registry/:rev_reg_id', path: `/api/revocation/registry/${'x'.repeat(601)}`, expected: credentials(400) },
  { route: 'GET /api/anoncreds/revocation/registries', path: '/api/anoncreds/revocation/registries?state=x', expected: credentials(400) },
  {
    route: 'GET /api/anoncreds/revocation/registry/:rev_reg_id',
    path: `/api/anoncreds/revocation/registry/${'x'.repeat(601)}`,
    expected: credentials(400),
  },
  {
    route: 'GET /api/revocation/registry/:rev_reg_id/issued',
    path: `/api/revocation/registry/${'x'.repeat(601)}/issued`,
    expected: credentials(400),
  },
  {
    route: 'GET /api/anoncreds/revocation/registry/:rev_reg_id/issued',
    path: `/api/anoncreds/revocation/registry/${'x'.repeat(601)}/issued`,
    expected: credentials(400),
  },
  // Rotating a definition's registries: admins only.
  {
    route: 'POST /api/revocation/active-registry/:cred_def_id/rotate',
    path: '/api/revocation/active-registry/not-an-id/rotate',
    body: {},
    expected: adminOnly(400),
  },
  {
    route: 'POST /api/anoncreds/revocation/active-registry/:cred_def_id/rotate',
    path: `/api/anoncreds/revocation/active-registry/${'x'.repeat(501)}/rotate`,
    body: {},
    expected: adminOnly(400),
  },
  // Checking a registry against the ledger (and applying the fix): admins only.
  {
    route: 'PUT /api/revocation/registry/:rev_reg_id/fix-revocation-entry-state',
    path: '/api/revocation/registry/x/fix-revocation-entry-state?apply_ledger_update=maybe',
    body: {},
    expected: adminOnly(400),
  },
  {
    route: 'PUT /api/anoncreds/revocation/registry/:rev_reg_id/fix-revocation-entry-state',
    path: '/api/anoncreds/revocation/registry/x/fix-revocation-entry-state',
    body: {},
    expected: adminOnly(400),
  },
  // A counter's short link: the BFF checks the attachment's role after validating the body.
  { route: 'POST /api/invitation-links', body: {}, expected: anyUser(400) },
  { route: 'POST /api/sandbox/wallet-scan', body: {}, expected: anyUser(400) },
  // Proof-request templates live in the console's store: verifiers and admins, never issuers.
  { route: 'GET /api/issue-batches', expected: credentials(200) },
  { route: 'GET /api/issue-batches/template.csv', expected: credentials(400) },
  { route: 'POST /api/issue-batches/preview', body: {}, expected: credentials(400) },
  { route: 'POST /api/issue-batches', body: {}, expected: credentials(400) },
  { route: 'GET /api/issue-batches/:id', path: `/api/issue-batches/${UNKNOWN}`, expected: credentials(404) },
  { route: 'PUT /api/issue-batches/:id/rows/:index', path: `/api/issue-batches/${UNKNOWN}/rows/1`, body: {}, expected: credentials(400) },
  { route: 'POST /api/issue-batches/:id/retry', path: `/api/issue-batches/${UNKNOWN}/retry`, body: {}, expected: credentials(404) },
  { route: 'GET /api/proof-templates', expected: presentations(200) },
  { route: 'POST /api/proof-templates', body: {}, expected: presentations(400) },
  { route: 'GET /api/proof-templates/:id', path: `/api/proof-templates/${UNKNOWN}`, expected: presentations(404) },
  { route: 'GET /api/proof-templates/:id/versions', path: `/api/proof-templates/${UNKNOWN}/versions`, expected: presentations(404) },
  { route: 'GET /api/proof-templates/:id/versions/:version', path: `/api/proof-templates/${UNKNOWN}/versions/1`, expected: presentations(404) },
  { route: 'PUT /api/proof-templates/:id', path: `/api/proof-templates/${UNKNOWN}`, body: {}, expected: presentations(400) },
  { route: 'DELETE /api/proof-templates/:id', path: `/api/proof-templates/${UNKNOWN}`, expected: presentations(404) },
  // Public by design (a wallet fetches it); an unknown code is 404 for everyone.
  { route: 'GET /i/:code', path: '/i/no-such-invitation-code-0000', expected: everyone(404) },
  { route: 'GET /i/help.css', expected: everyone(200) },
  {
    route: 'POST /webhooks/topic/:topic/',
    path: '/webhooks/topic/issue_credential_v2_0/',
    body: { cred_ex_id: UNKNOWN, state: 'offer-sent' },
    expected: agentOnly(200),
  },
  {
    route: 'POST /webhooks/topic/:topic',
    path: '/webhooks/topic/present_proof_v2_0',
    body: { pres_ex_id: UNKNOWN, state: 'request-sent' },
    expected: agentOnly(200),
  },
  { route: 'POST /webhooks/:topic', path: '/webhooks/issuer_cred_rev', body: { record_id: UNKNOWN, state: 'revoked' }, expected: agentOnly(200) },
  // The catch-alls: anything unlisted is 404 for everyone and reaches nothing.
  { route: 'ALL /webhooks/*', path: '/webhooks/anything/else', body: {}, expected: everyone(404) },
  { route: 'ALL /api/*', path: '/api/shutdown', body: {}, expected: everyone(404) },
  // Last: it ends the session of the cookie it is sent with.
  { route: 'DELETE /api/session', expected: everyone(204) },
];
