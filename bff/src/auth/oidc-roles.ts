import type { ConsoleRole } from '@credence/shared';
import type { RoleMap } from './oidc-maps.js';

/** Strongest first: a user with several mapped values gets the first of these they have (the operator runs every tenant). */
const STRENGTH: readonly ConsoleRole[] = ['operator', 'admin', 'issuer', 'verifier'];

/**
 * The values of a claim at a dotted path (`realm_access.roles`, `groups`): a string, or the strings of an
 * array. A path whose name itself holds dots (`https://example.org/roles`) is tried whole first.
 */
export function claimValues(claims: Record<string, unknown>, path: string): string[] {
  const found =
    path in claims
      ? claims[path]
      : path
          .split('.')
          .reduce<unknown>((at, key) => (at && typeof at === 'object' && !Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined), claims);
  if (typeof found === 'string') return [found];
  if (Array.isArray(found)) return found.filter((v): v is string => typeof v === 'string');
  return [];
}

export type RoleDecision = { role: ConsoleRole; from: string } | { role: null; values: string[] };

/** The strongest role any of the user's claim values maps to, or null with the values they had. */
export function roleFromClaims(claims: Record<string, unknown>, claimPath: string, map: RoleMap): RoleDecision {
  const values = claimValues(claims, claimPath);
  let best: { role: ConsoleRole; from: string } | undefined;
  for (const value of values) {
    const role = map.get(value);
    if (role && (!best || STRENGTH.indexOf(role) < STRENGTH.indexOf(best.role))) best = { role, from: value };
  }
  return best ?? { role: null, values };
}

/** Who the provider says the user is: a short handle for lists and filters, and the name to show. */
export function identityFromClaims(claims: Record<string, unknown>): { subject: string; username: string; displayName: string } {
  const text = (key: string) => (typeof claims[key] === 'string' && claims[key].trim() ? claims[key].trim() : undefined);
  const subject = String(claims.sub);
  const username = text('preferred_username') ?? text('email') ?? subject;
  return { subject, username, displayName: text('name') ?? username };
}

/**
 * The provider as people read it: its issuer's host and path (`id.example.org`, `sso.example.org/realms/staff`).
 * Written beside a provider's user wherever a local user of the same name could be meant.
 */
export function providerOf(issuer: string): string {
  try {
    const url = new URL(issuer);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return issuer || 'an unknown provider';
  }
}
