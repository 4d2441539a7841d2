import type { ApprovalKind } from '@credence/shared';

const KIND_WORDS: Record<ApprovalKind, string> = {
  revoke: 'revoke a credential',
  'bulk-revoke': 'revoke credentials in bulk',
  'bulk-issue': 'issue credentials from a file',
  'wallet-upgrade': 'upgrade the wallet',
  'tenant-remove': 'remove a tenant',
};

/** An answer that held the action for a second person (decision 040): nothing was done yet. */
export const heldForApproval = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && typeof (answer as { approval_id?: unknown }).approval_id === 'string';

/** "approved admin's request to revoke a credential" for the routes of /api/approvals; undefined for any other. */
export function approvalPhrase(route: string, target: Record<string, string>): { done: string; tried: string } | undefined {
  const step = /^\/approvals\/:id\/(approve|decline|withdraw)$/.exec(route)?.[1];
  if (!step) return undefined;
  const what = KIND_WORDS[target.asked as ApprovalKind] ?? 'act';
  const whose = `${target.requested_by ?? 'someone'}’s request to ${what}`;
  if (step === 'approve') return { done: `approved ${whose}`, tried: `approve ${whose}` };
  if (step === 'decline') return { done: `declined ${whose}`, tried: `decline ${whose}` };
  return { done: `withdrew their request to ${what}`, tried: `withdraw their request to ${what}` };
}
