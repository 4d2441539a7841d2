import { randomBytes } from 'node:crypto';

/** The header that marks a request as an approved one, carried out by this instance itself. */
export const APPROVED_HEADER = 'x-credence-approved';

/** Which request an approved action carries out, and whose it was: named in the action's audit entry. */
export interface Approved {
  approval: string;
  requested_by: string;
}

/**
 * One-time passes for the requests an approval carries out: minted in this process for one method and path,
 * taken once. A browser cannot make one (never sent to it), so only an approval skips the gate.
 */
export class ApprovalReplays {
  private readonly passes = new Map<string, { request: string; approval: Approved }>();

  issue(method: string, path: string, approval: Approved): string {
    const pass = randomBytes(24).toString('base64url');
    this.passes.set(pass, { request: `${method} ${path}`, approval });
    return pass;
  }

  /** The approval a request carries out, when it holds this process's pass for exactly it (taken once). */
  take(pass: string | undefined, method: string, path: string): Approved | undefined {
    if (!pass) return undefined;
    const meant = this.passes.get(pass);
    this.passes.delete(pass);
    return meant?.request === `${method} ${path}` ? meant.approval : undefined;
  }
}
