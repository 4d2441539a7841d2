import { consoleRoleSchema, type ConsoleRole } from '@credence/shared';
import { tenantNameSchema } from '../auth/users-file.js';

/** Whether the console these users are for fronts a multitenant agent (the setting the console itself reads). */
export function multitenantFromEnv(env: Record<string, string | undefined>): boolean {
  const on = (value: string | undefined) => /^(true|1|yes|on)$/i.test(value?.trim() ?? '');
  return on(env.ACAPY_MULTITENANT) || on(env.SANDBOX_MULTITENANT);
}

/**
 * The role and organisation of a user to add, or the sentence saying what is wrong. The organisation is kept
 * as given (label or wallet id): the console finds it in its tenants at each login.
 */
export function roleAndTenant(
  role: string | undefined,
  tenant: string | undefined,
  multitenant: boolean,
): { role: ConsoleRole; tenant?: string } | { problem: string } {
  const parsed = consoleRoleSchema.safeParse(role);
  if (!parsed.success) return { problem: '--role must be admin, issuer, verifier or operator.' };
  if (tenant === undefined) {
    if (multitenant && parsed.data !== 'operator') {
      return { problem: `This console fronts a multitenant agent: say which organisation the ${parsed.data} works for with --tenant "Organisation name".` };
    }
    return { role: parsed.data };
  }
  if (parsed.data === 'operator') return { problem: 'The operator runs every organisation and belongs to none: leave out --tenant.' };
  const name = tenantNameSchema.safeParse(tenant);
  if (!name.success) return { problem: `--tenant ${name.error.issues[0]?.message ?? 'is not valid'}.` };
  return { role: parsed.data, tenant: name.data };
}
