import type { ConsoleRole } from './session.js';

/**
 * Which roles may use each area of the console. The BFF's route table and the web app's
 * navigation both read this, so the UI never offers what the server would refuse.
 */
export const areaRoles = {
  credentials: ['issuer', 'admin'],
  presentations: ['verifier', 'admin'],
  /** Proof-request templates, shared by everyone who asks for proofs. */
  templates: ['verifier', 'admin'],
  connections: ['issuer', 'verifier', 'admin'],
  /** The agent's credential definitions and schemas: offers and proof-request restrictions use them. */
  definitions: ['issuer', 'verifier', 'admin'],
  /** The schemas and credential definitions page (`/definitions`): issuers read it, admins also write. */
  schemas: ['issuer', 'admin'],
  /** Writing schemas and credential definitions on the agent. */
  schemaWrites: ['admin'],
  revocation: ['admin'],
  wallet: ['admin'],
  /** A tenant's admin reads its log; the operator reads the operator's own log (the platform's), never a tenant's. */
  audit: ['admin', 'operator'],
  /**
   * The register of issued credentials (`/issued`). The register's exchange list follows the kind
   * asked for: credentials for the credentials area, presentations for the presentations area.
   */
  issued: ['issuer', 'admin'],
  /** The tenants of a multitenant agent (`/tenants`): only the operator, who never sees their exchanges. */
  tenants: ['operator'],
  /** What Credence keeps and for how long (`/privacy`), and erasing a person's personal data: a tenant's admin. */
  privacy: ['admin'],
} as const satisfies Record<string, readonly ConsoleRole[]>;

export type Area = keyof typeof areaRoles;

export function roleMayUse(role: ConsoleRole, area: Area): boolean {
  return (areaRoles[area] as readonly ConsoleRole[]).includes(role);
}
