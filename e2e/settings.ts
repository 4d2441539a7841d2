/** Ports, keys and the demo password the e2e consoles run with (see playwright.config.ts). */

/** E2E_PORT_BASE moves every port at once (e.g. 20000 → 28180…), so two runs on one machine do not meet. */
const shift = Number(process.env.E2E_PORT_BASE ?? 0);
const port = (name: string, standard: number) => Number(process.env[name] ?? standard + shift);

export const BFF_PORT = port('E2E_BFF_PORT', 8180);
export const SANDBOX_PORT = port('E2E_SANDBOX_PORT', 8181);
/** A second console whose sandbox wallet is of the anoncreds type. */
export const ANONCREDS_BFF_PORT = port('E2E_ANONCREDS_BFF_PORT', 8182);
export const ANONCREDS_SANDBOX_PORT = port('E2E_ANONCREDS_SANDBOX_PORT', 8183);
/** A third console, whose wallet the upgrade test converts. */
export const UPGRADE_BFF_PORT = port('E2E_UPGRADE_BFF_PORT', 8184);
export const UPGRADE_SANDBOX_PORT = port('E2E_UPGRADE_SANDBOX_PORT', 8185);
/** A fourth console, for the @serial journeys alone (they take its agent down, count its audit log…). */
export const SERIAL_BFF_PORT = port('E2E_SERIAL_BFF_PORT', 8190);
export const SERIAL_SANDBOX_PORT = port('E2E_SERIAL_SANDBOX_PORT', 8191);
/** A fifth console in front of a multitenant sandbox (SANDBOX_MULTITENANT): the operator's and the tenants' journeys (tag @multitenant). */
export const MULTITENANT_BFF_PORT = port('E2E_MULTITENANT_BFF_PORT', 8192);
export const MULTITENANT_SANDBOX_PORT = port('E2E_MULTITENANT_SANDBOX_PORT', 8193);
export const DEMO_PASSWORD = 'e2e-demo-password';
/** Fixed so tests can make the sandbox's simulated peers act (its /sandbox/peers routes). */
export const SANDBOX_API_KEY = 'e2e-sandbox-api-key';
/** The x-api-key the consoles expect on webhooks, so tests can post them as the agent would. */
export const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
/**
 * tests/two-instances.spec.ts: nginx (round robin) in front of two BFFs on one Postgres and one Redis,
 * all started by the spec itself, and the sandbox agent they share.
 */
export const TWO_NGINX_PORT = port('E2E_TWO_NGINX_PORT', 8186);
export const TWO_BFF_PORTS = [port('E2E_TWO_BFF_A_PORT', 8187), port('E2E_TWO_BFF_B_PORT', 8188)] as const;
export const TWO_SANDBOX_PORT = port('E2E_TWO_SANDBOX_PORT', 8189);
/** tests/two-instances-tenants.spec.ts: the same, multitenant (the agent and both consoles). */
export const TWO_MT_NGINX_PORT = port('E2E_TWO_MT_NGINX_PORT', 8194);
export const TWO_MT_BFF_PORTS = [port('E2E_TWO_MT_BFF_A_PORT', 8195), port('E2E_TWO_MT_BFF_B_PORT', 8196)] as const;
export const TWO_MT_SANDBOX_PORT = port('E2E_TWO_MT_SANDBOX_PORT', 8197);
/** tests/oidc.spec.ts: a console that signs in only through an OpenID provider, its sandbox agent, and the provider. */
export const OIDC_BFF_PORT = port('E2E_OIDC_BFF_PORT', 9270);
export const OIDC_SANDBOX_PORT = port('E2E_OIDC_SANDBOX_PORT', 9271);
export const OIDC_PROVIDER_PORT = port('E2E_OIDC_PROVIDER_PORT', 9272);

/** tests/tenant-sign-in.spec.ts: a multitenant console with a users file and a provider naming organisations. */
export const TENANT_SIGN_IN_BFF_PORT = port('E2E_TENANT_SIGN_IN_BFF_PORT', 9273);
export const TENANT_SIGN_IN_SANDBOX_PORT = port('E2E_TENANT_SIGN_IN_SANDBOX_PORT', 9274);
export const TENANT_SIGN_IN_PROVIDER_PORT = port('E2E_TENANT_SIGN_IN_PROVIDER_PORT', 9275);

/** tests/approvals.spec.ts: a console with APPROVALS=revoke and two admins (a users file), with its own agent and provider. */
export const APPROVALS_BFF_PORT = port('E2E_APPROVALS_BFF_PORT', 9280);
export const APPROVALS_SANDBOX_PORT = port('E2E_APPROVALS_SANDBOX_PORT', 9281);
export const APPROVALS_PROVIDER_PORT = port('E2E_APPROVALS_PROVIDER_PORT', 9282);
