import { consoleRoles, type ConsoleRole } from '@credence/shared';

/** Claim value → role, from OIDC_ROLE_MAP. */
export type RoleMap = ReadonlyMap<string, ConsoleRole>;

/** Claim value → the organisation's label (or wallet id), from OIDC_TENANT_MAP, where the provider's value differs. */
export type TenantMap = ReadonlyMap<string, string>;

/** `value=x` pairs separated by commas, or a JSON object (for a value holding a comma); a message naming the fault otherwise. */
function parsePairs(text: string, what: string): [string, unknown][] | string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(trimmed);
      if (!json || typeof json !== 'object' || Array.isArray(json)) return `must be a JSON object of claim value → ${what}`;
      return Object.entries(json);
    } catch {
      return 'is not valid JSON';
    }
  }
  const pairs: [string, unknown][] = [];
  for (const part of trimmed
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    // A role never holds "=", a claim value may: the role map splits at the last one, the tenant map at the first.
    const at = what === 'role' ? part.lastIndexOf('=') : part.indexOf('=');
    if (at <= 0) return `must list value=${what} pairs separated by commas ("${part}" has no "=")`;
    pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return pairs;
}

/**
 * OIDC_ROLE_MAP: `value=role` pairs separated by commas (`credence-admins=admin,staff=verifier`) or a JSON
 * object (`{"credence-admins":"admin"}`); a message naming the fault otherwise.
 */
export function parseRoleMap(text: string): Map<string, ConsoleRole> | string {
  const pairs = parsePairs(text, 'role');
  if (typeof pairs === 'string') return pairs;
  if (pairs.length === 0) return 'maps no claim value to a role';
  const roles = new Set<string>(consoleRoles);
  const map = new Map<string, ConsoleRole>();
  for (const [value, role] of pairs) {
    if (typeof role !== 'string' || !roles.has(role)) return `maps "${value}" to ${JSON.stringify(role)}: the role must be one of ${consoleRoles.join(', ')}`;
    map.set(value, role as ConsoleRole);
  }
  return map;
}

/** OIDC_TENANT_MAP: `value=label` pairs (`north-uni=Northfield University,lib=City Library`) or a JSON object. */
export function parseTenantMap(text: string): Map<string, string> | string {
  const pairs = parsePairs(text, 'organisation');
  if (typeof pairs === 'string') return pairs;
  if (pairs.length === 0) return 'maps no claim value to an organisation';
  const map = new Map<string, string>();
  for (const [value, label] of pairs) {
    if (typeof label !== 'string' || label.trim() === '') return `maps "${value}" to no organisation: give its name (or wallet id) after "="`;
    map.set(value, label.trim());
  }
  return map;
}
