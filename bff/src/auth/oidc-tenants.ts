import type { ConsoleRole } from '@credence/shared';
import type { TenantMap } from './oidc-maps.js';
import { claimValues } from './oidc-roles.js';
import type { TenantOfSignIn, UserTenants } from './user-tenants.js';

/** The organisations a provider's user names: each value of the claim, through the map where it has one. */
export function tenantNamesFromClaims(claims: Record<string, unknown>, claimPath: string | undefined, map: TenantMap): string[] {
  if (claimPath === undefined) return [];
  return [...new Set(claimValues(claims, claimPath).map((value) => map.get(value) ?? value))];
}

/**
 * The one organisation a provider's user acts in, found in the console's tenants: values that name no
 * tenant here are passed over (a group claim holds more than organisations), but two tenants are refused.
 */
export async function tenantOfProvidersUser(tenants: UserTenants, role: ConsoleRole, names: readonly string[]): Promise<TenantOfSignIn> {
  if (names.length === 0) return tenants.resolve(role, undefined);
  const answers = await Promise.all(names.map((name) => tenants.resolve(role, name)));
  const found = new Map<string, { walletId: string; label: string } | null>();
  for (const answer of answers) if (answer.ok) found.set(answer.tenant?.walletId ?? '', answer.tenant);
  if (found.size === 1) return { ok: true, tenant: [...found.values()][0]! };
  if (found.size > 1) {
    const labels = [...found.values()].map((t) => `“${t?.label ?? ''}”`).join(' and ');
    return { ok: false, reason: `Your account names more than one organisation (${labels}), and Credence acts for one at a time; ask your IT administrator.` };
  }
  if (names.length === 1) return answers[0]!;
  return { ok: false, reason: 'None of the organisations your account names is set up in Credence; ask the operator.' };
}
