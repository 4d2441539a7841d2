import type { TenantRegistry } from '../tenancy/tenant-registry.js';
import { UserTenants } from './user-tenants.js';
import { demoTenantUsers, DEMO_USERNAMES, type UserDirectory } from './users.js';

/**
 * At start: a multitenant console finds its users' organisations in the registry from now on, and a sandbox's
 * tenants get their demo users; a single-tenant console says once that an organisation given to a user is ignored.
 */
export async function tenantsForUsers(users: UserDirectory, registry: TenantRegistry | undefined, demoPassword: string | undefined): Promise<void> {
  if (!registry) {
    const ignored = users.usersWithIgnoredTenant();
    if (ignored.length > 0) {
      console.info(`[users] This console fronts one organisation: the organisation given for ${ignored.join(', ')} in the users file is ignored.`);
    }
    return;
  }
  const tenants = demoPassword ? await registry.list().catch(() => []) : [];
  const groups = demoPassword
    ? await demoTenantUsers(
        demoPassword,
        tenants.filter((t) => !t.removedAt),
      )
    : [];
  users.useTenants(UserTenants.from(registry), groups);
}

/** The start output's demo logins: as ever for a single-tenant sandbox, grouped by organisation for a multitenant one. */
export function demoLoginLines(users: UserDirectory, password: string): string[] {
  if (!users.tenants.multitenant) return [`  Demo logins: ${DEMO_USERNAMES.join(', ')}  password: ${password}`];
  return [
    `  Demo logins (password: ${password}):`,
    '    The operator: operator',
    ...users.demoGroups.map(({ label, users: theirs }) => `    ${label}: ${theirs.map((u) => u.username).join(', ')}`),
  ];
}
