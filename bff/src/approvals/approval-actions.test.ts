import { describe, expect, it } from 'vitest';
import type { TenantAdmin } from '../tenancy/tenant-admin.js';
import { gatedActionByKind, gatedActionOf, type DescribeSources } from './approval-actions.js';

const sources = (label: string): DescribeSources =>
  ({ lookups: {}, previews: {}, tenantAdmin: { labelOf: () => Promise.resolve(label) } as unknown as TenantAdmin }) as DescribeSources;

describe('the actions APPROVALS may hold', () => {
  it('are found by method and path, only when enabled, with the path’s parameters', () => {
    const enabled = new Set(['tenant-remove', 'revoke'] as const);
    expect(gatedActionOf(enabled, 'POST', '/api/tenants/w-1/remove')?.params).toEqual({ walletId: 'w-1' });
    expect(gatedActionOf(enabled, 'POST', '/api/revocation/revoke')?.gated.kind).toBe('revoke');
    expect(gatedActionOf(enabled, 'POST', '/api/wallet/upgrade')).toBeUndefined();
    expect(gatedActionOf(enabled, 'GET', '/api/tenants/w-1/remove')).toBeUndefined();
    expect(gatedActionOf(enabled, 'POST', '/api/tenants/w-1/remove/x')).toBeUndefined();
  });

  it('removing a tenant is decided by another operator, named by its label, and refused at once when the typed name differs', async () => {
    const remove = gatedActionByKind('tenant-remove')!;
    expect(remove.deciders).toEqual(['operator']);
    await expect(
      remove.describe({ confirmLabel: 'Harbour Clinic', records: 'erase' } as never, { walletId: 'w-1' }, sources('Harbour Clinic')),
    ).resolves.toEqual({
      kind: 'tenant-remove',
      tenant: 'Harbour Clinic',
      records: 'erase',
    });
    await expect(remove.describe({ confirmLabel: 'Harbour', records: 'keep' } as never, { walletId: 'w-1' }, sources('Harbour Clinic'))).rejects.toMatchObject({
      status: 400,
    });
    for (const kind of ['revoke', 'bulk-revoke', 'bulk-issue', 'wallet-upgrade'] as const) expect(gatedActionByKind(kind)!.deciders).toEqual(['admin']);
  });

  it('a file to issue is counted by its rows after the header, and named', async () => {
    const issue = gatedActionByKind('bulk-issue')!;
    const csv = 'connection,name\nBob,Bob\n\nAda,Ada\n';
    await expect(issue.describe({ csv, file_name: 'members.csv' } as never, {}, sources(''))).resolves.toEqual({
      kind: 'bulk-issue',
      count: 2,
      fileName: 'members.csv',
    });
  });
});
