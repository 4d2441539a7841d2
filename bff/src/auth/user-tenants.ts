import type { CodedMessage, ConsoleRole } from '@credence/shared';
import type { TenantEntry } from '../tenancy/tenant-registry.js';

/** What the tenant registry answers for a name a person gave (see TenantRegistry.byLabelOrId). */
export interface TenantLookup {
  byLabelOrId(value: string): Promise<TenantEntry | undefined>;
}

/** The organisation a signing-in user acts in, or why they may not sign in. */
export type TenantOfSignIn =
  | { ok: true; tenant: { walletId: string; label: string } | null }
  /** `message`: the reason as a code and parameters, for the login form to say it in the reader's language. */
  | { ok: false; reason: string; message?: CodedMessage };

/**
 * Which organisation a user acts in (decision 034). In a single-tenant console none: a tenant given for a user
 * is ignored. In a multitenant console the operator acts in none, and every other role in the tenant its
 * users file entry or provider names, found in the registry by wallet id or label, at every sign-in.
 */
export class UserTenants {
  private constructor(private readonly registry: TenantLookup | undefined) {}

  static single(): UserTenants {
    return new UserTenants(undefined);
  }

  static from(registry: TenantLookup): UserTenants {
    return new UserTenants(registry);
  }

  get multitenant(): boolean {
    return this.registry !== undefined;
  }

  async resolve(role: ConsoleRole, given: string | undefined): Promise<TenantOfSignIn> {
    if (!this.registry || role === 'operator') return { ok: true, tenant: null };
    if (given === undefined || given.trim() === '') {
      return {
        ok: false,
        reason: 'Your account names no organisation, so Credence cannot tell whose records you work with; ask the operator.',
        message: { code: 'session.organisationNotNamed' },
      };
    }
    const entry = await this.registry.byLabelOrId(given);
    if (!entry)
      return {
        ok: false,
        reason: `Your organisation “${given.trim()}” is not set up in Credence; ask the operator.`,
        message: { code: 'session.organisationNotSetUp', params: { organisation: given.trim() } },
      };
    if (entry.removedAt)
      return {
        ok: false,
        reason: `Your organisation “${entry.label}” was removed from Credence; ask the operator.`,
        message: { code: 'session.organisationWasRemoved', params: { organisation: entry.label } },
      };
    return { ok: true, tenant: { walletId: entry.walletId, label: entry.label } };
  }

  /** The organisation's name for a session's wallet id (null without one); the id itself if the registry forgot it. */
  async labelOf(walletId: string | undefined): Promise<{ id: string; label: string } | null> {
    if (walletId === undefined || !this.registry) return null;
    const entry = await this.registry.byLabelOrId(walletId);
    return { id: walletId, label: entry?.walletId === walletId ? entry.label : walletId };
  }
}
