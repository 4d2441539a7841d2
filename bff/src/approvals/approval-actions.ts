import { consoleApi, schemaLabel, type ApprovalKind, type ApprovalWhat, type ConsoleRole, type RouteEntry } from '@credence/shared';
import type { AuditLookups } from '../audit/audit-describe.js';
import { ProblemError } from '../problem.js';
import type { BulkRevokePreviews } from '../revocation/bulk-revoke-previews.js';
import type { TenantAdmin } from '../tenancy/tenant-admin.js';

/** Where the names of what an action touches are found, in the tenant the request acts in. */
export interface DescribeSources {
  lookups: AuditLookups;
  previews: BulkRevokePreviews;
  tenantAdmin: TenantAdmin | undefined;
}

export interface GatedAction {
  kind: ApprovalKind;
  entry: RouteEntry;
  /** Who may decide another person's request: the admins of the tenant, or the operator for tenants. */
  deciders: readonly ConsoleRole[];
  /** What will happen, in names; the body is already checked against the entry's schema. */
  describe(body: never, params: Record<string, string>, from: DescribeSources): Promise<ApprovalWhat>;
}

const credentialName = (schemaId: string | undefined) => schemaLabel(schemaId);

/** Each action's body typed as its schema gives it (GatedAction takes any: it is checked before `describe`). */
const action = <B>(
  a: Omit<GatedAction, 'describe'> & { describe(body: B, params: Record<string, string>, from: DescribeSources): Promise<ApprovalWhat> },
): GatedAction => a;

export const gatedActions: readonly GatedAction[] = [
  action<{ cred_ex_id?: string; rev_reg_id?: string; cred_rev_id?: string }>({
    kind: 'revoke',
    entry: consoleApi.revoke,
    deciders: ['admin'],
    async describe(body, _params, { lookups }) {
      if (body.cred_ex_id) {
        const facts = await lookups.exchange('credential', body.cred_ex_id);
        return {
          kind: 'revoke',
          credential: credentialName(facts?.schema_id) ?? body.cred_ex_id,
          ...(facts?.connection_label && { holder: facts.connection_label }),
        };
      }
      const issued = await lookups.issued(body.rev_reg_id ?? '', body.cred_rev_id ?? '');
      return {
        kind: 'revoke',
        credential: credentialName(issued?.schema_id) ?? `${body.rev_reg_id} #${body.cred_rev_id}`,
        ...(issued?.holder_label && { holder: issued.holder_label }),
      };
    },
  }),
  action<{ preview_id: string; expected_count: number }>({
    kind: 'bulk-revoke',
    entry: consoleApi.bulkRevoke,
    deciders: ['admin'],
    async describe(body, _params, { previews }) {
      const preview = await previews.read(body.preview_id);
      const selection: { to?: string; q?: string; cred_def_id?: string } = preview?.selection ?? {};
      // The selection's words: the definition's tag ("Student ID 1.2" as the clerk named it) or the search.
      const credential = selection.cred_def_id?.split(':').at(-1) ?? selection.q;
      return { kind: 'bulk-revoke', count: body.expected_count, ...(credential && { credential }), ...(selection.to && { issuedBefore: selection.to }) };
    },
  }),
  action<{ csv: string; file_name?: string }>({
    kind: 'bulk-issue',
    entry: consoleApi.startIssueBatch,
    deciders: ['admin'],
    describe(body) {
      // Rows after the header that hold anything: the count the clerk saw in the preview.
      const rows = body.csv.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;
      return Promise.resolve({ kind: 'bulk-issue', count: Math.max(0, rows), ...(body.file_name && { fileName: body.file_name }) });
    },
  }),
  action<{ wallet_name: string }>({
    kind: 'wallet-upgrade',
    entry: consoleApi.upgradeWallet,
    deciders: ['admin'],
    describe: (body) => Promise.resolve({ kind: 'wallet-upgrade', wallet: body.wallet_name }),
  }),
  action<{ confirmLabel: string; records: 'keep' | 'erase' }>({
    kind: 'tenant-remove',
    entry: consoleApi.removeTenant,
    deciders: ['operator'],
    async describe(body, params, { tenantAdmin }) {
      const tenant = tenantAdmin ? await tenantAdmin.labelOf(params.walletId ?? '') : (params.walletId ?? '');
      // Refused now, as the route would: a request another operator approves must be one that can be carried out.
      if (body.confirmLabel.trim() !== tenant) {
        throw new ProblemError(400, 'Type the tenant’s name exactly as it is shown to remove it.', {
          code: 'tenant.removeNotConfirmed',
          errors: [{ path: 'body.confirmLabel', message: 'does not match the tenant’s name', code: 'field.tenantNameMismatch' }],
        });
      }
      return { kind: 'tenant-remove', tenant, records: body.records };
    },
  }),
];

/** `/tenants/:walletId/remove` as a pattern: the path's parameters by name, or undefined when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^/api${source}$`).exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

/** The enabled action a request is, with its path's parameters. */
export function gatedActionOf(enabled: ReadonlySet<ApprovalKind>, method: string, path: string) {
  for (const gated of gatedActions) {
    if (!enabled.has(gated.kind) || gated.entry.method !== method) continue;
    const params = matchPath(gated.entry.path, path);
    if (params) return { gated, params };
  }
  return undefined;
}

export const gatedActionByKind = (kind: string) => gatedActions.find((a) => a.kind === kind);
