import { consoleApiRefs, type TenantCreateBody, type TenantRemoveBody } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { callOrAsk } from '../../lib/approvals';

export const tenantKeys = {
  all: () => ['tenants'] as const,
};

export const tenantQueries = {
  all: tenantKeys.all,
  list: () =>
    queryOptions({
      queryKey: [...tenantKeys.all(), 'list'] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.tenants, {}, { signal }),
    }),
};

/** Every act on a tenant changes the list: it is read again after each. Errors stay in the dialog that asked. */
function useTenantMutation<T, R>(act: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: act,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all() }),
  });
}

export const useCreateTenant = () => useTenantMutation((body: TenantCreateBody) => callApi(consoleApiRefs.createTenant, { body }));
export const useAdoptTenant = () =>
  useTenantMutation((walletId: string) => callApi(consoleApiRefs.adoptTenant, { params: { walletId }, body: { confirm: true } }));
export const useRemoveTenant = () =>
  // APPROVALS=tenant-remove: held for another operator (nothing removed yet).
  useTenantMutation(({ walletId, body }: { walletId: string; body: TenantRemoveBody }) =>
    callOrAsk<unknown>(consoleApiRefs.removeTenant, { params: { walletId }, body }),
  );
